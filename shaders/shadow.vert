#version 410 core
layout(location = 0) in vec3 position;
layout(location = 2) in mat4 model;

uniform mat4 lightViewProj;

void main() {
    gl_Position = lightViewProj * model * vec4(position, 1.0);
}
