package inertia

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// WriteOBJ writes m as Wavefront OBJ text that ReadOBJ reads back exactly: a comment with the
// mesh's name and size, one `v x y z` line per vertex (shortest decimal form that round-trips
// a float64) and one `f a b c` line per triangle (1-based indices).
func WriteOBJ(w io.Writer, m *Mesh) error {
	out := bufio.NewWriter(w)
	fmt.Fprintf(out, "# %q: %d vertices, %d triangles\n", m.Name, len(m.Vertices), len(m.Triangles))
	var buf []byte
	for _, v := range m.Vertices {
		buf = append(buf[:0], 'v')
		for _, x := range v {
			buf = append(buf, ' ')
			buf = strconv.AppendFloat(buf, x, 'g', -1, 64)
		}
		buf = append(buf, '\n')
		out.Write(buf)
	}
	for _, t := range m.Triangles {
		buf = append(buf[:0], 'f')
		for _, i := range t {
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(i)+1, 10)
		}
		buf = append(buf, '\n')
		out.Write(buf)
	}
	if err := out.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", m.Name, err)
	}
	return nil
}
