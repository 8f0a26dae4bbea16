package contact

import "github.com/go-gl/mathgl/mgl64"

// Contact is a pair that touches after the last step (as TouchEvents counts touching): its
// sides by BodyID, and its manifold: the unit normal from A to B, the points, and the
// impulses the step's solve put through them.
type Contact struct {
	Touch
	// Manifold holds the normal, the mixed friction and restitution, and the points
	// (Points[:N]; a point ahead of touching has a negative Depth and no impulse). Its Pair
	// names the sides by index in World.Bodies.
	Manifold
}

// Impulse returns the total impulse the contact gave body B over the last step, N·s, world
// frame: the normal impulses along Normal plus the friction impulses. Body A received its
// opposite. Divided by Dt it is the mean contact force: a box resting on the floor gives
// about m·g·Dt.
func (c *Contact) Impulse() mgl64.Vec3 {
	var j mgl64.Vec3
	for i := range c.N {
		p := &c.Points[i]
		j = j.Add(c.Normal.Mul(p.NormalImpulse)).Add(p.FrictionImpulse)
	}
	return j
}

// Contacts appends to dst the contacts of the last step that touch, those of sleeping
// islands included (as they were when the islands fell asleep), and returns the extended
// slice. A non-convex pair may have a contact per patch where it touches.
func (w *World) Contacts(dst []Contact) []Contact {
	w.sync()
	for _, ms := range [2][]Manifold{w.contacts.prev, w.sleep.dormant} {
		for k := range ms {
			if m := &ms[k]; w.touches(m) {
				dst = append(dst, Contact{Touch: w.touchOf(m.Pair), Manifold: *m})
			}
		}
	}
	return dst
}
