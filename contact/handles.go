package contact

import (
	"fmt"
	"sync/atomic"

	"github.com/tumble-physics/tumble/body"
)

// BodyID names a body of a World for as long as it is in it: unlike the body's index in
// World.Bodies, which moves down when a body before it is removed, a BodyID never changes,
// and it is never given to another body, of the same World or of another: a BodyID kept
// after its body was removed, or passed to a World it does not come from, names nothing
// there (Valid reports false, and methods return a *NoBodyError) rather than some other
// body. BodyIDs come from CreateBody, AddBody and ID; the zero BodyID, NoBody, names no
// body. (It is a struct, not a number, so that an index cannot be passed for it by
// mistake.)
type BodyID struct {
	world uint32 // the serial number of the World it comes from (handles.world)
	n     uint32 // 1, 2, … in the order the bodies were added to that World
}

// NoBody is the zero BodyID, which names no body: the side of a contact, a touch or a ray
// hit that is a plane.
var NoBody BodyID

// String returns "body#n", n counting the bodies added to its World from 1, or "no body".
func (id BodyID) String() string {
	if id == NoBody {
		return "no body"
	}
	return fmt.Sprintf("body#%d", id.n)
}

// worldSerials counts the Worlds given a serial number, so that each has its own.
var worldSerials atomic.Uint32

// handles maps BodyIDs to body indices and back.
type handles struct {
	// world is the World's serial number, the one its BodyIDs carry: given by NewWorld, or
	// by the first call that asks (serial) in a World made otherwise. Read it with serial.
	world uint32
	ids   []BodyID              // per body index
	at    []int32               // per BodyID: the body's index, or −1 once removed (at[0], NoBody, is −1)
	added map[*body.Body]BodyID // the bodies in the World, to refuse one added twice
}

// serial returns the World's serial number, giving it one if it has none yet. It is safe
// to call from several goroutines at once: the first to ask sets it.
func (w *World) serial() uint32 {
	if s := atomic.LoadUint32(&w.handles.world); s != 0 {
		return s
	}
	atomic.CompareAndSwapUint32(&w.handles.world, 0, worldSerials.Add(1))
	return atomic.LoadUint32(&w.handles.world)
}

// sync gives a BodyID to every body of w.Bodies without one (those appended to the slice
// rather than added by AddBody or CreateBody), the ones idOf said they would get. It returns
// an error, naming call, for a body it cannot take: nil, or in w.Bodies twice; and when
// w.Bodies has fewer bodies than were added (bodies are removed by RemoveBody).
func (w *World) sync(call string) error {
	h := &w.handles
	if len(h.at) == 0 {
		h.at = append(h.at, -1)
		h.added = map[*body.Body]BodyID{}
	}
	if len(w.Bodies) < len(h.ids) {
		return fmt.Errorf("contact: %s: World.Bodies holds %d bodies, fewer than the %d added: take bodies out with RemoveBody, not by shortening the slice",
			call, len(w.Bodies), len(h.ids))
	}
	for i := len(h.ids); i < len(w.Bodies); i++ {
		b := w.Bodies[i]
		if b == nil {
			return fmt.Errorf("contact: %s: World.Bodies[%d] is nil: every body must be a *body.Body", call, i)
		}
		if id, ok := h.added[b]; ok {
			return fmt.Errorf("contact: %s: World.Bodies[%d] is the body at index %d (%v) again: a body can be in a World only once", call, i, h.at[id.n], id)
		}
		id := w.idOf(i)
		h.ids, h.at, h.added[b] = append(h.ids, id), append(h.at, int32(i)), id
	}
	return nil
}

// idOf returns the BodyID of body i (0 ≤ i < len(w.Bodies)): the one it has, or for a body
// appended to w.Bodies since the last sync, the one sync will give it. It changes nothing,
// so that queries may run side by side.
func (w *World) idOf(i int) BodyID {
	h := &w.handles
	if i < len(h.ids) {
		return h.ids[i]
	}
	return BodyID{world: w.serial(), n: uint32(max(len(h.at), 1) + i - len(h.ids))}
}

// ID returns the BodyID of body i, the body at w.Bodies[i], or NoBody when there is no
// such body.
func (w *World) ID(i int) BodyID {
	if i < 0 || i >= len(w.Bodies) {
		return NoBody
	}
	return w.idOf(i)
}

// Index returns the index in w.Bodies of the body named id, or −1 when id names no body of
// the world (it was removed, it comes from another World, or it is NoBody).
func (w *World) Index(id BodyID) int {
	if id.n == 0 || id.world != w.serial() {
		return -1
	}
	h := &w.handles
	if int(id.n) < len(h.at) {
		if i := int(h.at[id.n]); i < len(w.Bodies) {
			return i
		}
		return -1 // w.Bodies was shortened by hand: Step refuses it
	}
	// A body appended to w.Bodies since the last sync has the id idOf gives it.
	if i := len(h.ids) + int(id.n) - max(len(h.at), 1); i < len(w.Bodies) {
		return i
	}
	return -1
}

// Valid reports whether id names a body of the World: false for NoBody, for a body removed
// since, and for a BodyID of another World.
func (w *World) Valid(id BodyID) bool { return w.Index(id) >= 0 }

// Body returns the body named id, or nil when id names no body of the world (Valid). The
// body's fields may be read and set between steps (a body set moving while it sleeps stays
// put until it wakes: prefer SetPose and SetVelocity, which wake it).
func (w *World) Body(id BodyID) *body.Body {
	if i := w.Index(id); i >= 0 {
		return w.Bodies[i]
	}
	return nil
}

// NoBodyError is the error of a method given a BodyID that names no body of the World.
type NoBodyError struct {
	// Call is the method refused: "SetVelocity", "RemoveBody", …
	Call string
	// ID is the BodyID it was given.
	ID BodyID
	// Foreign says that ID comes from another World.
	Foreign bool
}

// Error names the call and the BodyID, and says why it names no body.
func (e *NoBodyError) Error() string {
	why := "names no body of the World: it was removed, and a BodyID is never reused"
	switch {
	case e.ID == NoBody:
		why = "is NoBody, which names no body"
	case e.Foreign:
		why = "is a BodyID of another World: each World's bodies are named by the BodyIDs it gave"
	}
	return fmt.Sprintf("contact: %s: id %v %s", e.Call, e.ID, why)
}

// index returns the index of the body named id, or a *NoBodyError naming call.
func (w *World) index(call string, id BodyID) (int, error) {
	if i := w.Index(id); i >= 0 {
		return i, nil
	}
	return -1, &NoBodyError{Call: call, ID: id, Foreign: id != NoBody && id.world != w.serial()}
}

// setMaterial sets body i's material.
func (w *World) setMaterial(i int, m Material) {
	for len(w.Materials) <= i {
		w.Materials = append(w.Materials, DefaultMaterial)
	}
	w.Materials[i] = m
}
