package contact

import "github.com/go-gl/mathgl/mgl64"

// Contact is the public view of a contact manifold of the last step: its sides by BodyID,
// its unit normal, its mixed coefficients, and its points with the impulses the step's solve
// put through them. Contacts lists those that touch, Manifolds every one.
type Contact struct {
	// Touch names the sides: bodies A and B, or body A and the plane Planes[Plane].
	Touch
	// Normal is the unit contact normal, world frame, pointing from A to B (into the plane
	// when B is a plane). The contact pushes A along −Normal and B along +Normal.
	Normal mgl64.Vec3
	// Friction and Restitution are the pair's mixed coefficients (MixFriction,
	// MixRestitution).
	Friction, Restitution float64
	// Rolling is the lever of the pair's rolling resistance, m (see Material.RollingResistance),
	// and Twist the angular impulse it gave B over the last step, world frame, N·m·s.
	Rolling float64
	Twist   mgl64.Vec3
	// Points holds the contact points, the first N in use. A point ahead of touching (a
	// speculative one) has a negative Depth and no impulse.
	Points [MaxManifoldPoints]ContactPoint
	// N is the number of points in use, 1 to MaxManifoldPoints.
	N int
}

// ImpulseOnA returns the total impulse the contact gave body A over the last step, N·s,
// world frame: the normal impulses, which push A along −Normal, and the friction impulses.
// Divided by Dt it is the mean contact force on A: a box of mass m resting on the floor (A
// the box, B the plane) gets about (0, m·g·Dt, 0), upward.
func (c *Contact) ImpulseOnA() mgl64.Vec3 { return c.ImpulseOnB().Mul(-1) }

// ImpulseOnB returns the total impulse the contact gave side B over the last step, N·s,
// world frame: the opposite of ImpulseOnA (Newton's third law). For a plane it is what the
// plane took: the box resting on the floor pushes it with about (0, −m·g·Dt, 0).
func (c *Contact) ImpulseOnB() mgl64.Vec3 {
	var j mgl64.Vec3
	for i := range c.N {
		p := &c.Points[i]
		j = j.Add(c.Normal.Mul(p.NormalImpulse)).Add(p.FrictionImpulse)
	}
	return j
}

// Contacts appends to dst the contacts of the last step that touch (as TouchEvents counts
// touching), those of sleeping islands included (as they were when the islands fell
// asleep), and returns the extended slice. A non-convex pair may have a contact per patch
// where it touches. Contacts with a body or a plane removed since the step are left out.
func (w *World) Contacts(dst []Contact) []Contact {
	return w.appendContacts(dst, true)
}

// appendContacts appends to dst the public view of the last step's manifolds, those of the
// sleeping islands included, and only those that touch if touching. It changes nothing in
// w, so that readers may share a World between steps.
func (w *World) appendContacts(dst []Contact, touching bool) []Contact {
	for _, ms := range [2][]Manifold{w.contacts.prev, w.sleep.dormant} {
		for k := range ms {
			m := &ms[k]
			if !w.stillThere(m.Pair) || touching && !w.touches(m) {
				continue
			}
			dst = append(dst, Contact{Touch: w.touchOf(m.Pair), Normal: m.Normal, Friction: m.Friction,
				Restitution: m.Restitution, Rolling: m.Rolling, Twist: m.Twist, Points: m.Points, N: m.N})
		}
	}
	return dst
}

// stillThere reports whether the bodies and the plane of pair p are still in the World: a
// plane may have been taken out of Planes since the step that found p.
func (w *World) stillThere(p Pair) bool {
	if k := p.Plane(); k >= 0 {
		return int(p.A) < len(w.Bodies) && k < len(w.Planes) && k < len(w.contacts.normals)
	}
	return int(max(p.A, p.B)) < len(w.Bodies)
}
