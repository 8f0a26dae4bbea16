package scene

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tumble-physics/tumble/inertia/meshtest"
)

// World tells Progress when it starts and ends preparing a mesh of LargeMesh triangles or
// more, once per mesh however many bodies share it, and says nothing of small meshes.
func TestWorldProgress(t *testing.T) {
	dir := t.TempDir()
	ball := meshtest.Sphere(0.5, 250, 201) // 250 × 200 × 2 = 100,000 triangles
	if len(ball.Triangles) < LargeMesh {
		t.Fatalf("the test's sphere has %d triangles, fewer than LargeMesh", len(ball.Triangles))
	}
	if err := meshtest.WriteOBJ(filepath.Join(dir, "ball.obj"), ball); err != nil {
		t.Fatal(err)
	}
	xml := `<scene>
  <duration time="1"/>
  <plane/>
  <body mesh="cube" position="3 0.5 0"/>
  <body mesh="ball.obj" position="0 1 0"/>
  <body mesh="ball.obj" position="0 3 0"/>
</scene>
`
	path := filepath.Join(dir, "big.xml")
	if err := os.WriteFile(path, []byte(xml), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	s.Progress = func(line string) { lines = append(lines, line) }
	if _, err := s.World(); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf(`big.xml:5: preparing mesh "ball.obj" (%d triangles) for contact…`, len(ball.Triangles))
	if len(lines) != 2 || !strings.HasSuffix(lines[0], want) || !strings.Contains(lines[1], `big.xml:5: mesh "ball.obj" ready in `) {
		t.Errorf("progress %q, want %q and its end, once", lines, want)
	}
}
