#version 410 core
in vec3 worldPos;
in vec3 worldNormal;
in vec3 baseColor;
in vec4 lightPos;

uniform vec3 toLight;   // unit vector from the scene toward the light
uniform vec3 eye;       // camera position, world
uniform sampler2DShadow shadowMap;
uniform bool smoothNormals; // shade with the interpolated vertex normals, else flat faces

out vec4 fragColor;

// lit returns 1 where the light reaches the fragment and 0 in shadow. The shadow sampler's
// linear filter blends the four nearest comparisons; wider filters cost llvmpipe too much.
float lit(vec4 lp, float bias) {
    vec3 p = lp.xyz / lp.w * 0.5 + 0.5;
    if (p.z > 1.0) return 1.0;
    return texture(shadowMap, vec3(p.xy, p.z - bias));
}

void main() {
    // Flat shading takes the face normal from the screen-space derivatives of the position,
    // so meshes need no per-face vertices (llvmpipe's vertex stage is the cost in a big pile).
    vec3 n = smoothNormals ? normalize(worldNormal)
                           : normalize(cross(dFdx(worldPos), dFdy(worldPos)));
    vec3 v = normalize(eye - worldPos);
    vec3 h = normalize(toLight + v);
    float diffuse = max(dot(n, toLight), 0.0);
    float specular = diffuse > 0.0 ? pow(max(dot(n, h), 0.0), 48.0) : 0.0;
    float s = lit(lightPos, 0.002);
    vec3 c = baseColor * (0.25 + 0.75 * diffuse * s) + vec3(0.35) * specular * s;
    fragColor = vec4(sqrt(c), 1.0); // gamma 2: close to sRGB, cheaper than pow
}
