package inertia

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"
)

// maxOBJLine bounds one line of an OBJ file, so that a file without line breaks cannot make
// the reader hold all of it; a face of half a million vertices still fits.
const maxOBJLine = 16 << 20

// LoadOBJ reads the OBJ file at path (see ReadOBJ); the mesh and its errors are named path.
func LoadOBJ(path string) (*Mesh, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadOBJ(f, path)
}

// ReadOBJ reads a triangle mesh from Wavefront OBJ text. It keeps vertices (`v x y z`, with
// an optional w or r g b that it checks and ignores) and faces (`f`, any simple polygon,
// convex or not, cut into triangles by ear clipping in its plane (triangulate.go): a convex
// one into the fan from its first vertex; a face off its plane is warned of in
// Mesh.Warnings) whose vertex references are `v`, `v/vt`,
// `v//vn` or `v/vt/vn`: 1-based, or negative to count back from the last vertex read so far;
// positive references may point forward. Texture and normal references are checked for form
// only. Comments (# to the end of the line), blank lines and the keywords vt, vn, o, g, s,
// usemtl, mtllib, l and p are skipped; any other keyword is an error. Errors read
// "name:line: problem": a malformed number or reference, an index 0 or out of range, a face
// of fewer than 3 vertices, a coordinate that is not finite, a mesh without faces. The input
// is streamed: memory stays within about three times the final arrays.
func ReadOBJ(r io.Reader, name string) (*Mesh, error) {
	p := objParser{mesh: &Mesh{Name: name}}
	in := bufio.NewReaderSize(r, 64<<10)
	var long []byte // a line longer than the reader's buffer, gathered piece by piece
	for p.line = 1; ; p.line++ {
		text, err := in.ReadSlice('\n')
		if len(text) == 0 && err == io.EOF {
			p.line-- // the last line had its line break: no line after it
			break
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			long = append(long[:0], text...)
			for errors.Is(err, bufio.ErrBufferFull) && len(long) <= maxOBJLine {
				text, err = in.ReadSlice('\n')
				long = append(long, text...)
			}
			if len(long) > maxOBJLine {
				return nil, fmt.Errorf("%s:%d: line longer than %d MiB", name, p.line, maxOBJLine>>20)
			}
			text = long
		}
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("%s:%d: %w", name, p.line, err)
		}
		if perr := p.parseLine(text); perr != "" {
			return nil, fmt.Errorf("%s:%d: %s", name, p.line, perr)
		}
		if err == io.EOF {
			break
		}
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

// parseLine reads one line (with its line break, if any) and returns a problem or "".
func (p *objParser) parseLine(text []byte) string {
	if i := bytes.IndexByte(text, '#'); i >= 0 {
		text = text[:i]
	}
	keyword, rest := field(text)
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
	return fmt.Sprintf("unknown keyword %s", quote(keyword))
}

// vertex reads the numbers after `v`: x y z, optionally followed by w or by r g b.
func (p *objParser) vertex(rest []byte) string {
	var xyz mgl64.Vec3
	n := 0
	for f, rest := field(rest); len(f) > 0; f, rest = field(rest) {
		x, err := strconv.ParseFloat(string(f), 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return fmt.Sprintf("malformed number %s", quote(f))
		}
		if n < 3 {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return fmt.Sprintf("coordinate %s is not finite", quote(f))
			}
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
		i, problem := p.reference(f)
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

// reference resolves one face vertex v, v/vt, v//vn or v/vt/vn to a 0-based vertex index.
func (p *objParser) reference(f []byte) (int32, string) {
	v, textureNormal, slashed := bytes.Cut(f, []byte{'/'})
	i, ok := parseIndex(v)
	if !ok || slashed && !validTextureNormal(textureNormal) {
		return 0, fmt.Sprintf("malformed vertex reference %s", quote(f))
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

// quote renders input text for an error message, cut to 32 bytes.
func quote(b []byte) string {
	if len(b) > 32 {
		return strconv.Quote(string(b[:32])) + "…"
	}
	return strconv.Quote(string(b))
}
