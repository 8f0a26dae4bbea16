// Package trajectory writes and reads the records of a planar run: FOSSSim's binary
// trajectory format (what the course simulator writes with -o and grades), and readable CSV
// and JSON per-step records.
package trajectory

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"tumble/body/planar"
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

// Read decodes a binary trajectory of n bodies. The length must fit the layout exactly.
func Read(r io.Reader, n int) (*Trajectory, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if len(data)%8 != 0 {
		return nil, fmt.Errorf("%d bytes is not a whole number of float64", len(data))
	}
	floats := len(data) / 8
	head, rec := 4*n, StateLen(n)+QuantitiesLen(n)
	if floats < head+rec || (floats-head)%rec != 0 {
		return nil, fmt.Errorf("%d numbers do not fit the layout of %d bodies (4n + (steps+1)(12n+1) numbers)", floats, n)
	}
	at := 0
	next := func() float64 {
		v := math.Float64frombits(binary.LittleEndian.Uint64(data[8*at:]))
		at++
		return v
	}
	t := &Trajectory{M: make([]float64, n), X: make([]mgl64.Vec2, n), I: make([]float64, n)}
	records := (floats - head) / rec
	for k := range records {
		st := make([]planar.State, n)
		for i := range st {
			st[i] = planar.State{X: mgl64.Vec2{next(), next()}, Theta: next(), V: mgl64.Vec2{next(), next()}, Omega: next()}
		}
		t.States = append(t.States, st)
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
		t.Quantities = append(t.Quantities, q)
	}
	return t, nil
}
