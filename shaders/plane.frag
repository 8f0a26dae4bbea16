#version 410 core
in vec3 worldPos;
in vec2 gridPos;
in vec4 lightPos;

uniform vec3 normal;    // the plane's unit normal
uniform vec3 toLight;
uniform vec3 eye;
uniform vec3 color;
uniform sampler2DShadow shadowMap;

out vec4 fragColor;

float lit(vec4 lp) {
    vec3 p = lp.xyz / lp.w * 0.5 + 0.5;
    if (p.z > 1.0 || any(lessThan(p.xy, vec2(0.0))) || any(greaterThan(p.xy, vec2(1.0))))
        return 1.0;
    return texture(shadowMap, vec3(p.xy, p.z - 0.001));
}

void main() {
    // Grid lines one metre apart, about one pixel wide at any distance (fwidth), fading out
    // far away where they would alias.
    vec2 d = abs(fract(gridPos - 0.5) - 0.5) / fwidth(gridPos);
    float line = 1.0 - min(min(d.x, d.y), 1.0);
    float fade = clamp(1.0 - length(worldPos - eye) / 60.0, 0.0, 1.0);
    vec3 n = gl_FrontFacing ? normal : -normal;
    float diffuse = max(dot(n, toLight), 0.0);
    vec3 c = color * (0.35 + 0.65 * diffuse * lit(lightPos));
    c = mix(c, c * 0.55, line * fade);
    fragColor = vec4(sqrt(c), 1.0); // gamma 2: close to sRGB, cheaper than pow
}
