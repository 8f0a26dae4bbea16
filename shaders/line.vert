#version 410 core
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 color;

uniform mat4 viewProj;
uniform float depthBias; // toward the eye, in normalized depth: lines on a surface show

out vec3 lineColor;

void main() {
    lineColor = color;
    gl_Position = viewProj * vec4(position, 1.0);
    gl_Position.z -= depthBias * gl_Position.w;
}
