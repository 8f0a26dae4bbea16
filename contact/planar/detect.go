package planar

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	rigid "github.com/tumble-physics/tumble/body/planar"
)

// Detector finds the contacts of a set of bodies the way the course's all-pairs detector
// does. It reuses its storage from one call to the next; it is not safe for concurrent use.
type Detector struct {
	// Contacts is the ordered contact set of the last Detect.
	Contacts Set
	// Touching counts the vertices found exactly on an edge (distance 0) in the last Detect:
	// their normal is undefined (NaN in the reference), so they are skipped.
	Touching int
	// FixedContacts counts the contacts between two fixed bodies found and skipped in the
	// last Detect (the reference keeps them, but no response can change their velocities).
	FixedContacts int

	world [][]mgl64.Vec2 // per body: world vertices
	rot   []rigid.Rotation
	reach []float64 // per body: the largest distance of a vertex from the centre of mass, plus the radius
}

// Detect returns the contact set of the bodies in their current state (a view of
// d.Contacts, valid until the next call). For every pair i < j whose bounding circles
// meet it tests the vertices of i against the edges of j, then the vertices of j against
// the edges of i; a vertex and an edge touch when their distance is strictly below the sum
// of the radii.
func (d *Detector) Detect(bodies []rigid.Body) Set {
	d.Contacts, d.Touching, d.FixedContacts = d.Contacts[:0], 0, 0
	d.rot = resize(d.rot, len(bodies))
	d.world = resize(d.world, len(bodies))
	d.reach = resize(d.reach, len(bodies))
	for i := range bodies {
		b := &bodies[i]
		d.rot[i] = b.Rotation()
		d.world[i] = d.world[i][:0]
		far := 0.0
		for k, v := range b.Vertices {
			d.world[i] = append(d.world[i], b.WorldVertex(d.rot[i], k))
			far = max(far, v.Len())
		}
		d.reach[i] = far + b.Radius
	}
	for i := range bodies {
		for j := i + 1; j < len(bodies); j++ {
			if d.apart(bodies, i, j) {
				continue
			}
			fixed := bodies[i].Fixed && bodies[j].Fixed
			d.vertexEdges(bodies, i, j, fixed)
			d.vertexEdges(bodies, j, i, fixed)
		}
	}
	return d.Contacts
}

// apart reports whether bodies i and j are too far apart for any contact: their centres
// are farther than the sum of their reaches, with a relative margin of 1e-6 that rounding
// cannot eat into. Skipping such pairs changes no contact, only the time spent.
func (d *Detector) apart(bodies []rigid.Body, i, j int) bool {
	reach := (d.reach[i] + d.reach[j]) * (1 + 1e-6)
	x := bodies[i].X.Sub(bodies[j].X)
	return float64(x[0]*x[0])+float64(x[1]*x[1]) > reach*reach
}

// vertexEdges tests every vertex of body a against every edge of body b; with fixed (both
// bodies fixed) it only counts the contacts.
func (d *Detector) vertexEdges(bodies []rigid.Body, a, b int, fixed bool) {
	ra, rb := bodies[a].Radius, bodies[b].Radius
	eb := d.world[b]
	for _, p := range d.world[a] {
		for l := range eb {
			c, dist := closestOnSegment(p, eb[l], eb[(l+1)%len(eb)])
			if !(dist < ra+rb) {
				continue
			}
			switch {
			case fixed:
				d.FixedContacts++
				continue
			case dist == 0:
				d.Touching++
				continue
			}
			d.Contacts.Insert(d.contact(bodies, a, b, p, c, dist))
		}
	}
}

// closestOnSegment returns the point of the segment e1→e2 closest to p, with the segment
// parameter clamped to [0, 1] (a NaN parameter from a zero-length edge becomes 0), and its
// distance from p, in the reference's order of operations.
func closestOnSegment(p, e1, e2 mgl64.Vec2) (mgl64.Vec2, float64) {
	ex := mgl64.Vec2{e2[0] - e1[0], e2[1] - e1[1]}
	alpha := (float64((p[0]-e1[0])*ex[0]) + float64((p[1]-e1[1])*ex[1])) /
		(float64(ex[0]*ex[0]) + float64(ex[1]*ex[1]))
	if alpha > 0 {
		alpha = min(alpha, 1)
	} else {
		alpha = 0
	}
	c := mgl64.Vec2{float64(alpha*ex[0]) + e1[0], float64(alpha*ex[1]) + e1[1]}
	dx, dy := c[0]-p[0], c[1]-p[1]
	return c, math.Sqrt(float64(dx*dx) + float64(dy*dy))
}

// contact builds the stored contact of vertex p of body a against the closest point c on an
// edge of body b at distance dist > 0: normal from a to b, both points pushed to the bodies'
// surfaces and taken into their own frames, ordered so that I0 < I1.
func (d *Detector) contact(bodies []rigid.Body, a, b int, p, c mgl64.Vec2, dist float64) Contact {
	inv := 1 / dist
	n := mgl64.Vec2{(c[0] - p[0]) * inv, (c[1] - p[1]) * inv}
	ra, rb := bodies[a].Radius, bodies[b].Radius
	pa := mgl64.Vec2{p[0] + float64(ra*n[0]), p[1] + float64(ra*n[1])}
	pb := mgl64.Vec2{c[0] - float64(rb*n[0]), c[1] - float64(rb*n[1])}
	xa, xb := bodies[a].X, bodies[b].X
	la := d.rot[a].ApplyInverse(mgl64.Vec2{pa[0] - xa[0], pa[1] - xa[1]})
	lb := d.rot[b].ApplyInverse(mgl64.Vec2{pb[0] - xb[0], pb[1] - xb[1]})
	if a < b {
		return Contact{I0: a, I1: b, R0: la, R1: lb, N: n}
	}
	return Contact{I0: b, I1: a, R0: lb, R1: la, N: mgl64.Vec2{-n[0], -n[1]}}
}

// resize returns s with length n, reusing its storage when large enough.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return append(s[:cap(s)], make([]T, n-cap(s))...)
	}
	return s[:n]
}
