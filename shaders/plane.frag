#version 410 core
in vec2 gridPos;
in vec4 lightPos;
in vec3 worldPos;

// The plane's lighting is the same everywhere but for the shadow, so it comes in ready-made,
// gamma encoded: litColor where the light reaches, shadeColor (ambient only) in shadow.
// Compiled twice: with SHADOWED for the part of the plane where shadows may fall, and
// without, for the rest, which is lit everywhere and skips the shadow map.
uniform vec3 litColor;

// The plane fades into the sky over the far half of what the camera sees (fogEnd metres),
// so its edge never shows: it looks infinite at any zoom.
uniform vec3 skyColor;
uniform vec3 eye;
uniform float fogEnd;

out vec4 fragColor;

#ifdef SHADOWED
uniform vec3 shadeColor;
uniform sampler2DShadow shadowMap;

float lit(vec4 lp) {
    vec3 p = lp.xyz / lp.w * 0.5 + 0.5;
    if (p.z > 1.0 || any(lessThan(p.xy, vec2(0.0))) || any(greaterThan(p.xy, vec2(1.0))))
        return 1.0;
    return texture(shadowMap, vec3(p.xy, p.z - 0.001));
}
#endif

void main() {
    // Grid lines one metre apart, about one pixel wide at any distance (fwidth), fading out
    // where they come closer than about 8 pixels apart and would alias.
    vec2 w = fwidth(gridPos);
    vec2 d = abs(fract(gridPos - 0.5) - 0.5) / w;
    float line = 1.0 - min(min(d.x, d.y), 1.0);
    float fade = clamp((1.0 / max(w.x, w.y) - 4.0) / 8.0, 0.0, 1.0);
#ifdef SHADOWED
    vec3 c = mix(shadeColor, litColor, lit(lightPos));
#else
    vec3 c = litColor;
#endif
    float fog = smoothstep(0.5 * fogEnd, fogEnd, distance(worldPos, eye));
    fragColor = vec4(mix(c * (1.0 - 0.26 * line * fade), skyColor, fog), 1.0);
}
