package contact

import (
	"fmt"

	"github.com/tumble-physics/tumble/body"
)

// BodyID names a body of a World for as long as it is in it: unlike the body's index in
// World.Bodies, which moves down when a body before it is removed, a BodyID never changes,
// and it is never given to another body of the same World, so a BodyID kept after its body
// was removed names nothing rather than some other body. BodyIDs come from CreateBody,
// AddBody and ID; the zero BodyID, NoBody, names no body. (It is a struct, not a number, so
// that an index cannot be passed for it by mistake.)
type BodyID struct {
	n uint32 // 1, 2, … in the order the bodies were added
}

// NoBody is the zero BodyID, which names no body: the side of a contact, a touch or a ray
// hit that is a plane.
var NoBody BodyID

// String returns "body#n", n counting the bodies added from 1, or "no body".
func (id BodyID) String() string {
	if id == NoBody {
		return "no body"
	}
	return fmt.Sprintf("body#%d", id.n)
}

// handles maps BodyIDs to body indices and back.
type handles struct {
	ids []BodyID // per body index
	at  []int32  // per BodyID: the body's index, or −1 once removed (at[0], NoBody, is −1)
}

// sync gives a BodyID to every body of w.Bodies without one: those added by appending to
// the slice rather than by AddBody or CreateBody.
func (w *World) sync() {
	h := &w.handles
	if len(h.at) == 0 {
		h.at = append(h.at, -1)
	}
	for len(h.ids) < len(w.Bodies) {
		h.ids = append(h.ids, BodyID{uint32(len(h.at))})
		h.at = append(h.at, int32(len(h.ids)-1))
	}
}

// ID returns the BodyID of body i, the body at w.Bodies[i], or NoBody when there is no
// such body.
func (w *World) ID(i int) BodyID {
	w.sync()
	if i < 0 || i >= len(w.Bodies) {
		return NoBody
	}
	return w.handles.ids[i]
}

// Index returns the index in w.Bodies of the body named id, or −1 when id names no body of
// the world (it was removed, or never added).
func (w *World) Index(id BodyID) int {
	w.sync()
	if int(id.n) >= len(w.handles.at) {
		return -1
	}
	return int(w.handles.at[id.n])
}

// Body returns the body named id, or nil when id names no body of the world. The body's
// fields may be read and set between steps (a body set moving while it sleeps stays put
// until it wakes: prefer SetPose and SetVelocity, which wake it).
func (w *World) Body(id BodyID) *body.Body {
	if i := w.Index(id); i >= 0 {
		return w.Bodies[i]
	}
	return nil
}

// NoBodyError is the error of a method given a BodyID that names no body of the World.
type NoBodyError struct {
	ID BodyID
}

// Error names the BodyID.
func (e *NoBodyError) Error() string {
	return fmt.Sprintf("contact: no %v in the world", e.ID)
}

// index returns the index of the body named id, or a *NoBodyError.
func (w *World) index(id BodyID) (int, error) {
	if i := w.Index(id); i >= 0 {
		return i, nil
	}
	return -1, &NoBodyError{ID: id}
}

// added records a body appended to w.Bodies by AddBody or CreateBody, with its material,
// and returns its BodyID.
func (w *World) added(m Material) BodyID {
	i := len(w.Bodies) - 1
	w.setMaterial(i, m)
	return w.ID(i)
}

// setMaterial sets body i's material.
func (w *World) setMaterial(i int, m Material) {
	for len(w.Materials) <= i {
		w.Materials = append(w.Materials, DefaultMaterial)
	}
	w.Materials[i] = m
}
