package contact

// Sleeping reports whether the body named id is asleep: at rest, and neither integrated,
// detected nor solved until something wakes it (Settings.EnableSleep). Fixed bodies, and ids of
// no body, are never asleep.
func (w *World) Sleeping(id BodyID) bool {
	i := w.Index(id)
	return i >= 0 && !w.awake(i)
}

// SleepingBodies is the number of bodies asleep.
func (w *World) SleepingBodies() int {
	return w.sleep.Asleep()
}

// Wake wakes the body named id and every body of its island (the bodies it rests on or
// that rest on it, through contacts between moving bodies), for example when the user picks
// it. Its sleep timer restarts, so its island stays awake for at least TimeToSleep from
// now: calling Wake every step keeps a body awake, as the viewer does for the body it
// holds, which may be held still by a force that the sleep test (speeds only) cannot see.
// SetPose, SetVelocity and the Apply methods wake the body themselves.
func (w *World) Wake(id BodyID) error {
	i, err := w.index("Wake", id)
	if err == nil {
		w.wake(i)
	}
	return err
}

// Sleep puts the body named id to sleep now, with its island (the moving bodies the last
// step's contacts join to it), whatever their speeds: their velocities are set to zero and
// they stay where they are until an awake body touches them or Wake is called. A fixed
// body never sleeps; Sleep ignores it.
func (w *World) Sleep(id BodyID) error {
	i, err := w.index("Sleep", id)
	if err != nil || w.Bodies[i].Fixed || !w.awake(i) {
		return err
	}
	w.prepareSleep()
	s := &w.contacts
	w.sleep.Put(w.Bodies, s.prev, i)
	s.prev = w.setAside(s.prev)
	return nil
}
