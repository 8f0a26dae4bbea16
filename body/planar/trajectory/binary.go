// Package trajectory writes and reads the records of a planar run: FOSSSim's binary
// trajectory format (what the course simulator writes with -o and grades), and readable CSV
// and JSON per-step records.
package trajectory

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/internal/plural"
)

// The binary format is raw little-endian float64 with no header. For n bodies:
//
//	start:      state block, then M (n), X (2n), I (n), then a quantities block
//	every step: state block, then a quantities block
//
// A state block is, per body, X (2), θ, V (2), ω (6n numbers); fixed bodies appear with
// the velocity the scene gave them. A quantities block is P = M V (2 per body), then
// L_cm = M (X × V), L_spin = I ω, T_cm = ½ M |V|², T_spin = ½ I ω² (one per body each),
// then the total potential energy U (6n + 1 numbers).

// StateLen returns the number of float64 in a state block of n bodies.
func StateLen(n int) int { return 6 * n }

// QuantitiesLen returns the number of float64 in a quantities block of n bodies.
func QuantitiesLen(n int) int { return 6*n + 1 }

// Len returns the number of float64 in the file of a run of n bodies over steps steps.
func Len(n, steps int) int { return 4*n + (steps+1)*(StateLen(n)+QuantitiesLen(n)) }

// Writer writes the binary format; it reuses one buffer, so a step allocates nothing.
type Writer struct {
	w   io.Writer
	buf []byte
}

// NewWriter returns a Writer on w (buffer w yourself for speed on files).
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

func (w *Writer) put(v float64) {
	w.buf = binary.LittleEndian.AppendUint64(w.buf, math.Float64bits(v))
}

func (w *Writer) flush() error {
	_, err := w.w.Write(w.buf)
	w.buf = w.buf[:0]
	return err
}

func (w *Writer) state(s *planar.System) {
	for i := range s.Bodies {
		b := &s.Bodies[i]
		w.put(b.X[0])
		w.put(b.X[1])
		w.put(b.Theta)
		w.put(b.V[0])
		w.put(b.V[1])
		w.put(b.Omega)
	}
}

func (w *Writer) quantities(s *planar.System) {
	bs := s.Bodies
	for i := range bs {
		p := bs[i].Momentum()
		w.put(p[0])
		w.put(p[1])
	}
	for i := range bs {
		w.put(bs[i].OrbitalAngularMomentum())
	}
	for i := range bs {
		w.put(bs[i].SpinAngularMomentum())
	}
	for i := range bs {
		w.put(bs[i].TranslationalEnergy())
	}
	for i := range bs {
		w.put(bs[i].SpinEnergy())
	}
	w.put(s.PotentialEnergy())
}

// Start writes the start block of s, which must be in its initial state.
func (w *Writer) Start(s *planar.System) error {
	w.state(s)
	for i := range s.Bodies {
		w.put(s.Bodies[i].M)
	}
	for i := range s.Bodies {
		w.put(s.Bodies[i].X[0])
		w.put(s.Bodies[i].X[1])
	}
	for i := range s.Bodies {
		w.put(s.Bodies[i].I)
	}
	w.quantities(s)
	return w.flush()
}

// Step writes the state and quantities blocks of s after a step.
func (w *Writer) Step(s *planar.System) error {
	w.state(s)
	w.quantities(s)
	return w.flush()
}

// Quantities are the per-step quantities of one state, per body in body order.
type Quantities struct {
	P                      []mgl64.Vec2
	Lcm, Lspin, Tcm, Tspin []float64
	U                      float64
}

// Measure computes the quantities of s's current state.
func Measure(s *planar.System) Quantities {
	n := len(s.Bodies)
	q := Quantities{P: make([]mgl64.Vec2, n), Lcm: make([]float64, n), Lspin: make([]float64, n),
		Tcm: make([]float64, n), Tspin: make([]float64, n), U: s.PotentialEnergy()}
	for i := range s.Bodies {
		b := &s.Bodies[i]
		q.P[i] = b.Momentum()
		q.Lcm[i] = b.OrbitalAngularMomentum()
		q.Lspin[i] = b.SpinAngularMomentum()
		q.Tcm[i] = b.TranslationalEnergy()
		q.Tspin[i] = b.SpinEnergy()
	}
	return q
}

// Trajectory is a decoded binary file.
type Trajectory struct {
	M []float64    // mass of each body (kg)
	X []mgl64.Vec2 // initial centre of mass of each body (m)
	I []float64    // moment of inertia of each body (kg m²)
	// States[k][i] is body i after step k (k = 0: the initial state).
	States [][]planar.State
	// Quantities[k] are the quantities written with States[k].
	Quantities []Quantities
}

// Steps returns the number of steps the trajectory records.
func (t *Trajectory) Steps() int { return len(t.States) - 1 }

// maxNumbers bounds Len(n, steps) in Read: beyond 2⁵³ the count itself loses digits.
const maxNumbers = 1 << 53

// Read decodes the binary trajectory of a run of n bodies over steps steps: exactly
// Len(n, steps) numbers. It reads them as they come, holding no more than the input has given,
// and refuses an input that ends early or goes on (an endless one after Len(n, steps) + 1
// numbers).
func Read(r io.Reader, n, steps int) (*Trajectory, error) {
	if n < 0 || steps < 0 || float64(n)*float64(steps+1) > maxNumbers/16 {
		return nil, fmt.Errorf("no trajectory has %s and %s", plural.Count(n, "body", "bodies"), plural.Count(steps, "step", "steps"))
	}
	want := Len(n, steps)
	in := bufio.NewReaderSize(r, 1<<16)
	read := 0 // numbers read
	var failure error
	var buf [8]byte
	next := func() float64 {
		if failure != nil {
			return 0
		}
		if k, err := io.ReadFull(in, buf[:]); err != nil {
			failure = shortError(err, k, read, want, n, steps)
			return 0
		}
		read++
		return math.Float64frombits(binary.LittleEndian.Uint64(buf[:]))
	}
	t := &Trajectory{M: make([]float64, n), X: make([]mgl64.Vec2, n), I: make([]float64, n)}
	for k := 0; k <= steps && failure == nil; k++ {
		st := make([]planar.State, n)
		for i := range st {
			st[i] = planar.State{X: mgl64.Vec2{next(), next()}, Theta: next(), V: mgl64.Vec2{next(), next()}, Omega: next()}
		}
		if k == 0 {
			for i := range n {
				t.M[i] = next()
			}
			for i := range n {
				t.X[i] = mgl64.Vec2{next(), next()}
			}
			for i := range n {
				t.I[i] = next()
			}
		}
		q := Quantities{P: make([]mgl64.Vec2, n), Lcm: make([]float64, n), Lspin: make([]float64, n), Tcm: make([]float64, n), Tspin: make([]float64, n)}
		for i := range n {
			q.P[i] = mgl64.Vec2{next(), next()}
		}
		for _, col := range [][]float64{q.Lcm, q.Lspin, q.Tcm, q.Tspin} {
			for i := range col {
				col[i] = next()
			}
		}
		q.U = next()
		t.States = append(t.States, st)
		t.Quantities = append(t.Quantities, q)
	}
	if failure != nil {
		return nil, failure
	}
	if _, err := in.ReadByte(); err != io.EOF {
		if err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("more than the %d numbers %s writes (4n + (steps+1)(12n+1))", want, runOf(n, steps))
	}
	return t, nil
}

// shortError explains why the input ended (err) after read whole numbers and k more bytes,
// short of the want numbers of n bodies over steps steps.
func shortError(err error, k, read, want, n, steps int) error {
	if err != io.EOF && err != io.ErrUnexpectedEOF {
		return err
	}
	if k > 0 {
		return fmt.Errorf("%d bytes is not a whole number of float64", 8*read+k)
	}
	return fmt.Errorf("%d numbers, not the %d %s writes (4n + (steps+1)(12n+1))", read, want, runOf(n, steps))
}

// runOf names a run of n bodies over steps steps.
func runOf(n, steps int) string {
	return fmt.Sprintf("a run of %s over %s", plural.Count(n, "body", "bodies"), plural.Count(steps, "step", "steps"))
}
