package planar

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Wind is a drag toward the wind velocity W (m/s) on every edge of every body, sampled at
// Points points per edge (the midpoints of Points equal sub-segments). At a sample point p
// of an edge e with unit normal n, moving with v_p = V + ω × (p − X), the force is
// (Beta/Points)|e| ((W − v_p)·n) n, applied at p. The normal's sign cancels, so every edge
// counts whichever way it faces (a two-vertex body's segment counts twice, once per side).
type Wind struct {
	Beta   float64 // drag coefficient (N s/m²: force per unit edge length per unit speed)
	W      mgl64.Vec2
	Points int
}

// Accumulate adds the wind's force and torque to every free body. An edge of zero length
// has no normal and takes no wind (the reference gets NaN from it).
func (w *Wind) Accumulate(bodies []Body) {
	for i := range bodies {
		if !bodies[i].Fixed {
			w.accumulate(&bodies[i])
		}
	}
}

func (w *Wind) accumulate(b *Body) {
	r := b.Rotation()
	n := len(b.Vertices)
	points := float64(w.Points)
	for e := range n {
		q0, q1 := b.Vertices[e], b.Vertices[(e+1)%n]
		edge := r.Apply(mgl64.Vec2{q1[0] - q0[0], q1[1] - q0[1]})
		length := math.Sqrt(float64(edge[0]*edge[0]) + float64(edge[1]*edge[1]))
		if length == 0 {
			continue
		}
		normal := mgl64.Vec2{-edge[1] / length, edge[0] / length}
		start := b.WorldVertex(r, e)
		scale := float64(w.Beta/points) * length
		for k := range w.Points {
			t := (float64(k) + 0.5) / points
			arm := mgl64.Vec2{start[0] + float64(t*edge[0]) - b.X[0], start[1] + float64(t*edge[1]) - b.X[1]}
			rel := mgl64.Vec2{w.W[0] - (b.V[0] - float64(b.Omega*arm[1])), w.W[1] - (b.V[1] + float64(b.Omega*arm[0]))}
			s := scale * (float64(rel[0]*normal[0]) + float64(rel[1]*normal[1]))
			f := mgl64.Vec2{float64(s * normal[0]), float64(s * normal[1])}
			b.F[0] += f[0]
			b.F[1] += f[1]
			b.Tau += Cross(arm, f)
		}
	}
}

// Potential returns 0: wind is not conservative.
func (w *Wind) Potential([]Body) float64 { return 0 }
