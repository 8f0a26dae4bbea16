#version 410 core
in vec3 worldPos;
#ifdef SMOOTH
in vec3 worldNormal;
#endif
in vec3 baseColor;
in vec4 lightPos;

uniform vec3 toLight;   // unit vector from the scene toward the light
uniform vec3 eye;       // camera position, world
uniform sampler2DShadow shadowMap;

out vec4 fragColor;

// lit returns 1 where the light reaches the fragment and 0 in shadow. The shadow sampler's
// linear filter blends the four nearest comparisons; wider filters cost llvmpipe too much.
float lit(vec4 lp, float bias) {
    vec3 p = lp.xyz / lp.w * 0.5 + 0.5;
    if (p.z > 1.0) return 1.0;
    return texture(shadowMap, vec3(p.xy, p.z - bias));
}

void main() {
#ifdef SMOOTH
    vec3 n = normalize(worldNormal);
#else
    // Flat shading takes the face normal from the screen-space derivatives of the position,
    // so meshes need no per-face vertices (llvmpipe's vertex stage is the cost in a big pile).
    vec3 n = normalize(cross(dFdx(worldPos), dFdy(worldPos)));
#endif
    vec3 v = normalize(eye - worldPos);
    vec3 h = normalize(toLight + v);
    float diffuse = max(dot(n, toLight), 0.0);
    // The specular power 48 by squaring: llvmpipe's pow is an exp2 and a log2 per pixel.
    float x = max(dot(n, h), 0.0);
    float x6 = x * x * x;
    x6 *= x6;
    float x24 = x6 * x6;
    x24 *= x24;
    float specular = diffuse > 0.0 ? x24 * x24 : 0.0;
    float s = lit(lightPos, 0.002);
    vec3 c = baseColor * (0.25 + 0.75 * diffuse * s) + vec3(0.35) * specular * s;
    fragColor = vec4(sqrt(c), 1.0); // gamma 2: close to sRGB, cheaper than pow
}
