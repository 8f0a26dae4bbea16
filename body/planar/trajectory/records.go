package trajectory

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/tumble-physics/tumble/body/planar"
)

// CSVHeader is the first row of a CSV record file: one row per body per recorded step.
// Units: s, m, rad, m/s, rad/s, kg m/s, kg m²/s, J; energy columns are the body's kinetic
// energy and the system's potential energy (repeated on each body's row).
const CSVHeader = "step,time,body,x,y,theta,vx,vy,omega,px,py,lcm,lspin,kinetic,potential"

// CSV writes readable per-step rows.
type CSV struct {
	w   *bufio.Writer
	row []byte
}

// NewCSV writes the header to w and returns the writer; call Flush at the end.
func NewCSV(w io.Writer) (*CSV, error) {
	c := &CSV{w: bufio.NewWriter(w)}
	_, err := c.w.WriteString(CSVHeader + "\n")
	return c, err
}

// Record writes the rows of s's current state.
func (c *CSV) Record(s *planar.System) error {
	u := s.PotentialEnergy()
	for i := range s.Bodies {
		b := &s.Bodies[i]
		p := b.Momentum()
		c.row = strconv.AppendInt(c.row[:0], int64(s.Steps), 10)
		for j, v := range []float64{s.Time(), float64(i), b.X[0], b.X[1], b.Theta, b.V[0], b.V[1], b.Omega,
			p[0], p[1], b.OrbitalAngularMomentum(), b.SpinAngularMomentum(), b.TranslationalEnergy() + b.SpinEnergy(), u} {
			c.row = append(c.row, ',')
			if j == 1 {
				c.row = strconv.AppendInt(c.row, int64(v), 10)
				continue
			}
			c.row = strconv.AppendFloat(c.row, v, 'g', -1, 64)
		}
		c.row = append(c.row, '\n')
		if _, err := c.w.Write(c.row); err != nil {
			return err
		}
	}
	return nil
}

// Flush writes what is buffered.
func (c *CSV) Flush() error { return c.w.Flush() }

// JSON streams one object: {"scene", "dt", "bodies": [{"mass", "inertia", "radius",
// "fixed"}], "steps": [record…]}, each record {"step", "time", "kinetic", "potential",
// "momentum": [px, py], "angularMomentum", "bodies": [{"x": [x, y], "theta", "v": [vx, vy],
// "omega"}]}. Momentum and angular momentum (about the origin) are the system's totals.
type JSON struct {
	w     *bufio.Writer
	first bool
}

type jsonBody struct {
	Mass    float64 `json:"mass"`
	Inertia float64 `json:"inertia"`
	Radius  float64 `json:"radius"`
	Fixed   bool    `json:"fixed"`
}

type jsonState struct {
	X     [2]float64 `json:"x"`
	Theta float64    `json:"theta"`
	V     [2]float64 `json:"v"`
	Omega float64    `json:"omega"`
}

type jsonRecord struct {
	Step            int         `json:"step"`
	Time            float64     `json:"time"`
	Kinetic         float64     `json:"kinetic"`
	Potential       float64     `json:"potential"`
	Momentum        [2]float64  `json:"momentum"`
	AngularMomentum float64     `json:"angularMomentum"`
	Bodies          []jsonState `json:"bodies"`
}

// NewJSON writes the object's head for scene s (named name) and returns the writer; Close
// writes the tail.
func NewJSON(w io.Writer, name string, s *planar.System) (*JSON, error) {
	j := &JSON{w: bufio.NewWriter(w), first: true}
	bodies := make([]jsonBody, len(s.Bodies))
	for i, b := range s.Bodies {
		bodies[i] = jsonBody{Mass: b.M, Inertia: b.I, Radius: b.Radius, Fixed: b.Fixed}
	}
	head, err := json.Marshal(struct {
		Scene      string     `json:"scene"`
		Dt         float64    `json:"dt"`
		Integrator string     `json:"integrator"`
		Bodies     []jsonBody `json:"bodies"`
	}{name, s.Dt, s.Integrator.String(), bodies})
	if err != nil {
		return nil, err
	}
	_, err = fmt.Fprintf(j.w, "%s,\"steps\":[", head[:len(head)-1])
	return j, err
}

// Record writes the record of s's current state.
func (j *JSON) Record(s *planar.System) error {
	r := jsonRecord{Step: s.Steps, Time: s.Time(), Kinetic: s.KineticEnergy(), Potential: s.PotentialEnergy(),
		Momentum: s.Momentum(), AngularMomentum: s.AngularMomentum(), Bodies: make([]jsonState, len(s.Bodies))}
	for i := range s.Bodies {
		b := &s.Bodies[i]
		r.Bodies[i] = jsonState{X: b.X, Theta: b.Theta, V: b.V, Omega: b.Omega}
	}
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if !j.first {
		j.w.WriteString(",\n")
	}
	j.first = false
	_, err = j.w.Write(data)
	return err
}

// Close ends the object and flushes.
func (j *JSON) Close() error {
	j.w.WriteString("]}\n")
	return j.w.Flush()
}
