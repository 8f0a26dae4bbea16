#version 410 core
// Fills a polygon inflated by a radius as body/planar/render's rasteriser does: coverage
// 0.5 + w + (r − s)/pixel from the signed distance s to the polygon (negative inside; a
// two-vertex polygon is a segment, with no inside), a rim darkening the outermost pixels and
// stripes along x + y = const for hatched shapes. Two discs spare most fragments the loop over
// the edges: outside the outer one nothing is drawn, and inside the inner one, which lies in
// the polygon deeper than the rim, the fill is drawn as it is.
in vec2 world;
flat in ivec2 verts;
flat in vec2 shapeSize;
flat in vec3 fillColor;
flat in vec3 rimColor;
flat in vec3 hatchColor;
flat in vec4 discs;

uniform samplerBuffer vertices; // x, y in metres from the view's centre
uniform float pixel;            // metres per pixel
uniform float height;           // framebuffer height in pixels: stripes count rows from the top
uniform float rimPixels;
uniform float hatchPixels;

out vec4 fragColor;

float segmentDistance(vec2 p, vec2 a, vec2 b) {
    vec2 ab = b - a, ap = p - a;
    float l = dot(ab, ab);
    float t = l > 0.0 ? clamp(dot(ap, ab) / l, 0.0, 1.0) : 0.0;
    return length(ap - ab * t);
}

// fill returns the fill or the stripes' colour of the pixel at gl_FragCoord.
vec3 fill() {
    ivec2 px = ivec2(gl_FragCoord.x, height - gl_FragCoord.y);
    return (px.x + px.y) / int(hatchPixels) % 2 == 0 ? hatchColor : fillColor;
}

void main() {
    float r = length(world - discs.xy);
    if (r > discs.w) {
        discard;
    }
    if (r < discs.z) {
        fragColor = vec4(fill(), 1.0);
        return;
    }
    int first = verts.x, n = verts.y;
    float d = 1e30;
    bool inside = false;
    vec2 a = texelFetch(vertices, first + n - 1).xy;
    for (int i = 0; i < n; i++) {
        vec2 b = texelFetch(vertices, first + i).xy;
        d = min(d, segmentDistance(world, a, b));
        if ((a.y > world.y) != (b.y > world.y) && world.x < a.x + (world.y - a.y) * (b.x - a.x) / (b.y - a.y)) {
            inside = !inside;
        }
        a = b;
    }
    float s = inside && n > 2 ? -d : d;
    float depth = (shapeSize.x - s) / pixel; // pixels inside the inflated boundary
    float coverage = clamp(0.5 + shapeSize.y + depth, 0.0, 1.0);
    if (coverage <= 0.0) {
        discard;
    }
    fragColor = vec4(mix(fill(), rimColor, clamp(rimPixels - depth, 0.0, 1.0)), coverage);
}
