#version 410 core
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in mat4 model;
layout(location = 6) in vec3 color;

uniform mat4 viewProj;
uniform mat4 lightViewProj;

out vec3 worldPos;
out vec3 worldNormal;
out vec3 baseColor;
out vec4 lightPos;

void main() {
    vec4 w = model * vec4(position, 1.0);
    worldPos = w.xyz;
    // The model matrix is a rotation and a translation: it maps normals as it maps vectors.
    worldNormal = mat3(model) * normal;
    baseColor = color;
    lightPos = lightViewProj * w;
    gl_Position = viewProj * w;
}
