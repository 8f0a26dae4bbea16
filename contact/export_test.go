package contact

// Internal tunables that the package's external tests compare with.
const (
	PositionTrigger = positionTrigger
	SweepTolerance  = sweepTolerance
)

// CheckSweeps is checkSweeps for the external tests.
var CheckSweeps = checkSweeps

// DetectPairs runs the body–body part of contact detection (broad phase and narrow phase)
// on the world as it stands, as a step would, and returns the number of touching pairs:
// BenchmarkNarrowPhase times it without the solve.
func (w *World) DetectPairs() int {
	s := &w.contacts
	s.detector.detections++
	s.detector.broadPairs(s, w)
	s.detector.detectBodies(s, w, false)
	s.detector.collidePairs(s, w)
	n := 0
	for k := range s.detector.narrow.slots {
		if s.detector.narrow.slots[k].ok {
			n++
		}
	}
	return n
}
