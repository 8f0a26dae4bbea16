#version 410 core
in vec2 glyphUV;
in vec4 textColor;

uniform sampler2D font; // one channel: 1 inside a glyph

out vec4 fragColor;

void main() {
    fragColor = vec4(textColor.rgb, textColor.a * texture(font, glyphUV).r);
}
