#version 410 core
layout(location = 0) in vec3 position;
#ifdef SMOOTH
layout(location = 1) in vec3 normal;
#endif
layout(location = 2) in mat4 model;
layout(location = 6) in vec3 color;

uniform mat4 viewProj;
uniform mat4 lightViewProj;

out vec3 worldPos;
#ifdef SMOOTH
out vec3 worldNormal;
#endif
out vec3 baseColor;
out vec4 lightPos;

void main() {
    vec4 w = model * vec4(position, 1.0);
    worldPos = w.xyz;
#ifdef SMOOTH
    // The model matrix is a rotation and a translation: it maps normals as it maps vectors.
    worldNormal = mat3(model) * normal;
#endif
    baseColor = color;
    lightPos = lightViewProj * w;
    gl_Position = viewProj * w;
}
