package trajectory_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/trajectory"
)

// twoBodies is a free body on a spring to a fixed body that moves at its scene velocity
// (never integrated), under gravity.
func twoBodies(t *testing.T) *planar.System {
	free, err := planar.NewBody([]mgl64.Vec2{{0, 0}, {2, 0}, {2, 1}}, []float64{1, 1, 2}, 0.1, mgl64.Vec2{0.5, 0}, 0.25, false)
	if err != nil {
		t.Fatal(err)
	}
	fixed, err := planar.NewBody([]mgl64.Vec2{{5, 5}, {6, 5}}, []float64{3, 1}, 0.2, mgl64.Vec2{1, -2}, 3, true)
	if err != nil {
		t.Fatal(err)
	}
	return &planar.System{
		Bodies: []planar.Body{free, fixed},
		Forces: []planar.Force{
			&planar.Gravity{G: mgl64.Vec2{0, -9.81}},
			&planar.Spring{I: 0, PI: mgl64.Vec2{0.5, 0}, J: 1, PJ: mgl64.Vec2{0, 0}, K: 10, L0: 1},
		},
		Dt: 0.01,
	}
}

func floatsAt(data []byte, i int) float64 {
	return math.Float64frombits(binary.LittleEndian.Uint64(data[8*i:]))
}

// The file is raw little-endian float64 laid out exactly as FOSSSim writes it.
func TestBinaryLayout(t *testing.T) {
	sys := twoBodies(t)
	const steps, n = 3, 2
	var buf bytes.Buffer
	w := trajectory.NewWriter(&buf)
	if err := w.Start(sys); err != nil {
		t.Fatal(err)
	}
	var states [][]planar.State
	record := func() {
		states = append(states, []planar.State{sys.Bodies[0].State(), sys.Bodies[1].State()})
	}
	record()
	for range steps {
		if err := sys.Step(); err != nil {
			t.Fatal(err)
		}
		if err := w.Step(sys); err != nil {
			t.Fatal(err)
		}
		record()
	}
	data := buf.Bytes()
	if got, want := len(data), 8*(4*n+(steps+1)*(12*n+1)); got != want || got != 8*trajectory.Len(n, steps) {
		t.Fatalf("%d bytes, want %d", got, want)
	}
	b0, b1 := sys.Bodies[0], sys.Bodies[1]
	// Start block: state (6n), M (n), X (2n), I (n), quantities (6n+1).
	start := []struct {
		at   int
		want float64
		what string
	}{
		{0, states[0][0].X[0], "x of body 0"}, {2, 0, "theta of body 0"}, {3, 0.5, "vx of body 0"}, {5, 0.25, "omega of body 0"},
		{6, states[0][1].X[0], "x of body 1"}, {9, 1, "vx of fixed body 1"}, {10, -2, "vy of fixed body 1"}, {11, 3, "omega of fixed body 1"},
		{12, 4, "M of body 0"}, {13, 4, "M of body 1"},
		{14, states[0][0].X[0], "X of body 0"}, {15, states[0][0].X[1], "Y of body 0"}, {16, 5.25, "X of body 1"}, {17, 5, "Y of body 1"},
		{18, b0.I, "I of body 0"}, {19, b1.I, "I of body 1"},
		{20, 4 * 0.5, "Px of body 0"}, {21, 0, "Py of body 0"}, {22, 4 * 1, "Px of body 1"}, {23, 4 * -2, "Py of body 1"},
		{26, b0.I * 0.25, "L_spin of body 0"}, {27, b1.I * 3, "L_spin of body 1"},
		{28, 0.5 * 4 * 0.25, "T_cm of body 0"}, {29, 0.5 * 4 * 5, "T_cm of body 1"},
		{31, 0.5 * b1.I * 9, "T_spin of body 1"},
	}
	for _, c := range start {
		if got := floatsAt(data, c.at); got != c.want {
			t.Errorf("float %d (%s) = %v, want %v", c.at, c.what, got, c.want)
		}
	}
	head := 6*n + 4*n + 6*n + 1
	for k := 1; k <= steps; k++ {
		at := head + (k-1)*(12*n+1)
		for i := range n {
			s := states[k][i]
			for j, want := range []float64{s.X[0], s.X[1], s.Theta, s.V[0], s.V[1], s.Omega} {
				if got := floatsAt(data, at+6*i+j); got != want {
					t.Errorf("step %d body %d component %d = %v, want %v", k, i, j, got, want)
				}
			}
		}
		if got, want := floatsAt(data, at+12*n), sys.PotentialEnergy(); k == steps && got != want {
			t.Errorf("U after the last step = %v, want %v", got, want)
		}
	}
	// The fixed body never moves and keeps its scene velocity in every record.
	for k, s := range states {
		if s[1] != states[0][1] || s[1].V != (mgl64.Vec2{1, -2}) {
			t.Errorf("record %d: fixed body state %+v changed", k, s[1])
		}
	}
	// Read decodes what Write wrote.
	tr, err := trajectory.Read(bytes.NewReader(data), n, steps)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Steps() != steps || tr.M[1] != 4 || tr.I[0] != b0.I || tr.X[1] != (mgl64.Vec2{5.25, 5}) {
		t.Errorf("decoded %d steps, M %v, I %v, X %v", tr.Steps(), tr.M, tr.I, tr.X)
	}
	for k := range states {
		for i := range n {
			if tr.States[k][i] != states[k][i] {
				t.Errorf("decoded record %d body %d %+v, want %+v", k, i, tr.States[k][i], states[k][i])
			}
		}
	}
	if q := tr.Quantities[steps]; q.U != sys.PotentialEnergy() || q.P[0] != b0.Momentum() || q.Tspin[1] != b1.SpinEnergy() {
		t.Errorf("decoded quantities %+v", q)
	}
	for _, tc := range []struct {
		data     []byte
		n, steps int
		want     string
	}{
		{data[:len(data)-8], n, steps, "107 numbers, not the 108 a run of 2 bodies over 3 steps writes (4n + (steps+1)(12n+1))"},
		{data[:len(data)-3], n, steps, "861 bytes is not a whole number of float64"},
		{append(data, 0), n, steps, "more than the 108 numbers a run of 2 bodies over 3 steps writes (4n + (steps+1)(12n+1))"},
		{data, 3, steps, "108 numbers, not the 160 a run of 3 bodies over 3 steps writes (4n + (steps+1)(12n+1))"},
		{data, n, 2, "more than the 83 numbers a run of 2 bodies over 2 steps writes (4n + (steps+1)(12n+1))"},
		{data, -1, steps, "no trajectory has -1 bodies and 3 steps"},
		{data, n, -5, "no trajectory has 2 bodies and -5 steps"},
		{data, 1, 1, "more than the 30 numbers a run of 1 body over 1 step writes (4n + (steps+1)(12n+1))"},
		{data, 1 << 40, 1 << 40, "no trajectory has 1099511627776 bodies and 1099511627776 steps"},
	} {
		if _, err := trajectory.Read(bytes.NewReader(tc.data), tc.n, tc.steps); err == nil || err.Error() != tc.want {
			t.Errorf("%d bytes as %d bodies over %d steps: error %v, want %s", len(tc.data), tc.n, tc.steps, err, tc.want)
		}
	}
}

// An endless input is refused once it passes the expected length, without holding it.
func TestReadEndless(t *testing.T) {
	if _, err := trajectory.Read(endless{}, 2, 1000); err == nil || !strings.HasPrefix(err.Error(), "more than the 25033 numbers") {
		t.Errorf("error %v, want more than the 25033 numbers", err)
	}
}

// endless reads zeros forever, as /dev/zero does.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// FuzzRead reads any bytes as a trajectory of any body and step counts, negative ones too:
// it never panics, and accepts exactly the inputs of the layout's length.
func FuzzRead(f *testing.F) {
	f.Add(make([]byte, 8*trajectory.Len(1, 1)), 1, 1)
	f.Add(make([]byte, 8*trajectory.Len(2, 0)), 2, 0)
	f.Add([]byte{1, 2, 3}, -1, 3)
	f.Add([]byte{}, 0, 0)
	f.Fuzz(func(t *testing.T, data []byte, n, steps int) {
		if n > 1000 || steps > 1000 {
			n, steps = n%1000, steps%1000 // the layout's arithmetic is the same, the inputs are small
		}
		tr, err := trajectory.Read(bytes.NewReader(data), n, steps)
		fits := n >= 0 && steps >= 0 && len(data) == 8*trajectory.Len(n, steps)
		if (err == nil) != fits {
			t.Fatalf("%d bytes as %d bodies over %d steps: error %v", len(data), n, steps, err)
		}
		if err == nil && (tr.Steps() != steps || len(tr.M) != n || len(tr.Quantities) != steps+1) {
			t.Fatalf("%d bodies over %d steps decoded as %d steps, %d bodies", n, steps, tr.Steps(), len(tr.M))
		}
	})
}

func TestCSVRecords(t *testing.T) {
	sys := twoBodies(t)
	var buf bytes.Buffer
	c, err := trajectory.NewCSV(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Record(sys); err != nil {
		t.Fatal(err)
	}
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 3 || lines[0] != trajectory.CSVHeader {
		t.Fatalf("CSV:\n%s", buf.String())
	}
	if want := "0,0,1,5.25,5,0,1,-2,3,4,-8,"; !strings.HasPrefix(lines[2], want) {
		t.Errorf("row %q, want prefix %q", lines[2], want)
	}
}

// Writing a step allocates nothing once the buffer has grown.
func TestWriterStepDoesNotAllocate(t *testing.T) {
	sys := twoBodies(t)
	w := trajectory.NewWriter(&bytes.Buffer{})
	if err := w.Start(sys); err != nil {
		t.Fatal(err)
	}
	var sink bytes.Buffer
	w = trajectory.NewWriter(&sink)
	w.Step(sys)
	if a := testing.AllocsPerRun(100, func() { sink.Reset(); w.Step(sys) }); a != 0 {
		t.Errorf("%v allocations per step", a)
	}
}
