#version 410 core
layout(location = 0) in vec2 position; // pixels from the top-left corner
layout(location = 1) in vec2 uv;
layout(location = 2) in vec4 color;

uniform vec2 viewport; // width, height in pixels

out vec2 glyphUV;
out vec4 textColor;

void main() {
    glyphUV = uv;
    textColor = color;
    gl_Position = vec4(position.x / viewport.x * 2.0 - 1.0, 1.0 - position.y / viewport.y * 2.0, 0.0, 1.0);
}
