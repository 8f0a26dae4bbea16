#version 410 core
layout(location = 0) in vec3 position;
layout(location = 1) in vec2 grid;

uniform mat4 viewProj;
uniform mat4 lightViewProj;

out vec2 gridPos;
out vec4 lightPos;
out vec3 worldPos;

void main() {
    gridPos = grid;
    worldPos = position;
    lightPos = lightViewProj * vec4(position, 1.0);
    gl_Position = viewProj * vec4(position, 1.0);
}
