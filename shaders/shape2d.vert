#version 410 core
// One instance per shape: a quad over its bounding box, which the fragment shader fills.
layout(location = 0) in vec2 lo;    // bounding box, metres from the view's centre
layout(location = 1) in vec2 hi;
layout(location = 2) in vec2 range; // first vertex in the vertex buffer, vertex count
layout(location = 3) in vec2 size;  // radius (m), half-width (pixels)
layout(location = 4) in vec3 fill;
layout(location = 5) in vec3 rim;
layout(location = 6) in vec3 hatch;
layout(location = 7) in vec4 disc;  // centre (m, from the view's centre), inner and outer radius (m)

uniform mat4 viewProj;

out vec2 world;
flat out ivec2 verts;
flat out vec2 shapeSize;
flat out vec3 fillColor;
flat out vec3 rimColor;
flat out vec3 hatchColor;
flat out vec4 discs;

const vec2 corners[6] = vec2[](vec2(0, 0), vec2(1, 0), vec2(1, 1), vec2(0, 0), vec2(1, 1), vec2(0, 1));

void main() {
    world = mix(lo, hi, corners[gl_VertexID]);
    verts = ivec2(range + 0.5);
    shapeSize = size;
    fillColor = fill;
    rimColor = rim;
    hatchColor = hatch;
    discs = disc;
    gl_Position = viewProj * vec4(world, 0.0, 1.0);
}
