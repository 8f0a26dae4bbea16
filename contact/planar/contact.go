package planar

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	rigid "github.com/tumble-physics/tumble/body/planar"
)

// SameTolerance is how close (in every component: metres for the points, unitless for the
// normal) two contacts must be to count as one in a contact set: the reference's 1e-9.
const SameTolerance = 1e-9

// Contact is one vertex–edge contact between bodies I0 < I1.
type Contact struct {
	// I0 and I1 index the bodies, I0 < I1.
	I0, I1 int
	// R0 and R1 are the contact points relative to each body's centre of mass, in that
	// body's own frame (m): the vertex pushed out by its body's radius along the normal, and
	// the closest point of the edge pushed back by the other body's radius.
	R0, R1 mgl64.Vec2
	// N is the unit normal, pointing from body I0 toward body I1.
	N mgl64.Vec2
}

// keys returns the contact's real components in the set's lexicographic order.
func (c *Contact) keys() [6]float64 {
	return [6]float64{c.R0[0], c.R0[1], c.R1[0], c.R1[1], c.N[0], c.N[1]}
}

// Less orders contacts lexicographically by (I0, I1, R0x, R0y, R1x, R1y, Nx, Ny), with two
// real components within SameTolerance counting as equal. Two contacts of which neither is
// Less than the other are the same contact.
func Less(a, b *Contact) bool {
	if a.I0 != b.I0 {
		return a.I0 < b.I0
	}
	if a.I1 != b.I1 {
		return a.I1 < b.I1
	}
	ka, kb := a.keys(), b.keys()
	for i := range ka {
		if math.Abs(ka[i]-kb[i]) > SameTolerance {
			return ka[i] < kb[i]
		}
	}
	return false
}

// Set is an ordered set of contacts: sorted by Less, without two that are the same.
type Set []Contact

// Insert adds c unless the set already holds the same contact (then the one already there
// stays: the first one found wins), keeping the order. It reports whether c was added.
func (s *Set) Insert(c Contact) bool {
	lo, hi := 0, len(*s)
	for lo < hi { // lower bound: the first element not Less than c
		mid := int(uint(lo+hi) >> 1)
		if Less(&(*s)[mid], &c) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(*s) && !Less(&c, &(*s)[lo]) {
		return false
	}
	*s = append(*s, Contact{})
	copy((*s)[lo+1:], (*s)[lo:])
	(*s)[lo] = c
	return true
}

// Points returns the contact's two points in world space (m): on body I0's surface and on
// body I1's, R(θ) r + X for each. They coincide when the bodies just touch and lie a
// penetration depth apart along N otherwise.
func (c *Contact) Points(bodies []rigid.Body) (p0, p1 mgl64.Vec2) {
	b0, b1 := &bodies[c.I0], &bodies[c.I1]
	return b0.Rotation().Apply(c.R0).Add(b0.X), b1.Rotation().Apply(c.R1).Add(b1.X)
}

// Midpoint returns the midpoint of the contact's two points (world, m): where a contact is
// drawn and reported.
func (c *Contact) Midpoint(bodies []rigid.Body) mgl64.Vec2 {
	p0, p1 := c.Points(bodies)
	return p0.Add(p1).Mul(0.5)
}
