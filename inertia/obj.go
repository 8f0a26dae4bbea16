package inertia

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/data/input"
)

// maxOBJLine bounds one line of an OBJ file, so that a file without line breaks cannot make
// the reader hold all of it; a face of half a million vertices still fits.
const maxOBJLine = 16 << 20

// MaxOBJBytes is the largest OBJ file read, 256 MiB: some four million triangles.
const MaxOBJBytes = 256 << 20

// LoadOBJ reads the OBJ file at path (see ReadOBJ); the mesh and its errors are named path.
// It reads only a regular file (not a device, a named pipe or a directory) of at most
// MaxOBJBytes.
func LoadOBJ(path string) (*Mesh, error) {
	f, err := input.Open(path, "a mesh file", MaxOBJBytes)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadOBJ(f, path)
}

// ReadOBJ reads a triangle mesh from Wavefront OBJ text, at most MaxOBJBytes of UTF-8 (or
// ASCII) with any line ends (LF, CR LF or CR) and an optional byte-order mark. It keeps
// vertices (`v x y z`, with an optional w or r g b that it checks and ignores) and faces
// (`f`, any simple polygon, convex or not, cut into triangles by ear clipping in its plane
// (triangulate.go): a convex one into the fan from its first vertex; a face off its plane is
// warned of in Mesh.Warnings) whose vertex references are `v`, `v/vt`, `v//vn` or `v/vt/vn`:
// 1-based, or negative to count back from the last vertex read so far; positive references
// may point forward. Numbers are plain decimals (1, -0.5, 2e-3). Texture and normal
// references are checked for form only. Comments (# to the end of the line), blank lines and
// the keywords vt, vn, o, g, s, usemtl, mtllib, l and p are skipped; any other keyword is an
// error. Errors read "name:line: problem": a malformed number or reference, an index 0 or out
// of range, a face of fewer than 3 vertices, a coordinate that is not finite, a mesh without
// faces. They never quote the file, which may be any file at all. The input is streamed:
// memory stays within about three times the final arrays.
func ReadOBJ(r io.Reader, name string) (*Mesh, error) {
	p := objParser{mesh: &Mesh{Name: name}}
	lines := bufio.NewScanner(input.Reader(r, name, "a mesh file", MaxOBJBytes))
	lines.Buffer(make([]byte, 64<<10), maxOBJLine)
	lines.Split(input.SplitLines)
	for lines.Scan() {
		p.line++
		line := lines.Bytes()
		if p.line == 1 {
			var err error
			if line, err = input.TrimMark(line); err != nil {
				return nil, fmt.Errorf("%s:1: %w", name, err)
			}
		}
		if perr := p.parseLine(line); perr != "" {
			return nil, fmt.Errorf("%s:%d: %s", name, p.line, perr)
		}
	}
	var tooLarge *input.TooLargeError
	switch err := lines.Err(); {
	case errors.As(err, &tooLarge):
		return nil, err
	case errors.Is(err, bufio.ErrTooLong):
		return nil, fmt.Errorf("%s:%d: line longer than %d MiB", name, p.line+1, maxOBJLine>>20)
	case err != nil:
		return nil, fmt.Errorf("%s:%d: %w", name, p.line+1, err)
	}
	if p.forward > len(p.mesh.Vertices) {
		return nil, fmt.Errorf("%s:%d: vertex index %d out of range (%d vertices)", name, p.forwardLine, p.forward, len(p.mesh.Vertices))
	}
	if len(p.mesh.Triangles) == 0 {
		return nil, fmt.Errorf("%s:%d: empty mesh: the file ends without a face", name, max(p.line, 1))
	}
	p.mesh.Warnings = p.polygons.triangulate(p.mesh, name)
	return p.mesh, nil
}

// objParser holds the state of ReadOBJ between lines.
type objParser struct {
	mesh    *Mesh
	line    int
	polygon []int32 // the current face's vertex indices, reused
	// forward is the largest positive vertex index met so far, found on forwardLine; it
	// must be defined by the end of the file.
	forward, forwardLine int
	polygons             polygonFaces // faces of more than 3 vertices, cut at the end
}

// parseLine reads one line (without its line end) and returns a problem or "".
func (p *objParser) parseLine(line []byte) string {
	if i := bytes.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	keyword, rest := field(line)
	switch string(keyword) {
	case "":
		return ""
	case "v":
		return p.vertex(rest)
	case "f":
		return p.face(rest)
	case "vt", "vn", "o", "g", "s", "usemtl", "mtllib", "l", "p":
		return ""
	}
	return "not an OBJ line: unknown keyword (OBJ lines start with v, f, vt, vn, o, g, s, usemtl, mtllib, l, p or #)"
}

// vertexNumbers names the numbers of a vertex line for messages.
var vertexNumbers = [...]string{"x", "y", "z", "4th number", "5th number", "6th number"}

// vertex reads the numbers after `v`: x y z, optionally followed by w or by r g b.
func (p *objParser) vertex(rest []byte) string {
	var xyz mgl64.Vec3
	n := 0
	for f, rest := field(rest); len(f) > 0; f, rest = field(rest) {
		x, err := input.ParseNumber(f)
		if err != nil && n < len(vertexNumbers) {
			return fmt.Sprintf("the vertex's %s is not a finite decimal number (1, -0.5, 2e-3)", vertexNumbers[n])
		}
		if n < 3 {
			xyz[n] = x
		}
		n++
	}
	if n != 3 && n != 4 && n != 6 {
		return fmt.Sprintf("vertex has %d numbers, want x y z, x y z w or x y z r g b", n)
	}
	if len(p.mesh.Vertices) == math.MaxInt32 {
		return "too many vertices"
	}
	p.mesh.Vertices = append(p.mesh.Vertices, xyz)
	return ""
}

// face reads the vertex references after `f` and adds the polygon as a triangle fan, which
// ReadOBJ recuts by ear clipping once every vertex is known.
func (p *objParser) face(rest []byte) string {
	p.polygon = p.polygon[:0]
	for f, rest := field(rest); len(f) > 0; f, rest = field(rest) {
		i, problem := p.reference(f, len(p.polygon)+1)
		if problem != "" {
			return problem
		}
		p.polygon = append(p.polygon, i)
	}
	if len(p.polygon) < 3 {
		return fmt.Sprintf("face has %d vertices, need at least 3", len(p.polygon))
	}
	if len(p.polygon) > 3 {
		p.polygons.add(len(p.mesh.Triangles), p.polygon, p.line)
	}
	for k := 1; k+1 < len(p.polygon); k++ {
		p.mesh.Triangles = append(p.mesh.Triangles, [3]int32{p.polygon[0], p.polygon[k], p.polygon[k+1]})
	}
	return ""
}

// reference resolves the k-th face vertex f, v, v/vt, v//vn or v/vt/vn, to a 0-based vertex
// index.
func (p *objParser) reference(f []byte, k int) (int32, string) {
	v, textureNormal, slashed := bytes.Cut(f, []byte{'/'})
	i, ok := parseIndex(v)
	if !ok || slashed && !validTextureNormal(textureNormal) {
		return 0, fmt.Sprintf("face vertex %d is malformed (want v, v/vt, v//vn or v/vt/vn with whole numbers)", k)
	}
	n := int64(len(p.mesh.Vertices))
	switch {
	case i == 0:
		return 0, "vertex index 0 (OBJ indices start at 1)"
	case i < -n:
		return 0, fmt.Sprintf("vertex index %s out of range (%d vertices so far)", v, n)
	case i < 0:
		return int32(n + i), ""
	case i > math.MaxInt32:
		return 0, fmt.Sprintf("vertex index %s out of range", v)
	case i > int64(p.forward):
		p.forward, p.forwardLine = int(i), p.line
	}
	return int32(i - 1), ""
}

// validTextureNormal reports whether t, the part of a face vertex after its first slash, is
// vt, vt/vn or /vn.
func validTextureNormal(t []byte) bool {
	vt, vn, both := bytes.Cut(t, []byte{'/'})
	_, vtOK := parseIndex(vt)
	_, vnOK := parseIndex(vn)
	if !both {
		return vtOK
	}
	return (len(vt) == 0 || vtOK) && vnOK
}

// parseIndex parses an optionally negative decimal integer, saturating its magnitude at
// 2⁴⁰ (far beyond any valid index) rather than overflowing.
func parseIndex(b []byte) (int64, bool) {
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		b = b[1:]
	}
	if len(b) == 0 {
		return 0, false
	}
	var i int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		i = min(10*i+int64(c-'0'), 1<<40)
	}
	if neg {
		i = -i
	}
	return i, true
}

// field splits off the first whitespace-separated field of b.
func field(b []byte) (f, rest []byte) {
	start := 0
	for start < len(b) && isSpace(b[start]) {
		start++
	}
	end := start
	for end < len(b) && !isSpace(b[end]) {
		end++
	}
	return b[start:end], b[end:]
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}
