package inertia

import (
	"bytes"
	"fmt"
	"testing"
)

// benchSpheres are latitude–longitude spheres of 10k, 100k and 1M triangles
// (2·slices·(stacks−1) each).
var benchSpheres = []struct{ slices, stacks int }{{100, 51}, {250, 201}, {1000, 501}}

func BenchmarkCompute(b *testing.B) {
	for _, s := range benchSpheres {
		m := sphereMesh(1, s.slices, s.stacks)
		b.Run(fmt.Sprintf("triangles=%d", len(m.Triangles)), func(b *testing.B) {
			for b.Loop() {
				if _, err := Compute(m, 1000, Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(m.Triangles)), "ns/triangle")
		})
	}
}

func BenchmarkReadOBJ(b *testing.B) {
	m := sphereMesh(1, benchSpheres[1].slices, benchSpheres[1].stacks)
	var buf bytes.Buffer
	if err := WriteOBJ(&buf, m); err != nil {
		b.Fatal(err)
	}
	text := buf.Bytes()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := ReadOBJ(bytes.NewReader(text), "sphere.obj"); err != nil {
			b.Fatal(err)
		}
	}
}
