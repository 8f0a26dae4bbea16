package contact

// levels levels this step's contact graph and sets the solve order (contact/levels): the
// ties of a level alternate between detection order and its reverse from step to step.
func (s *contactState) levels(w *World) {
	s.graph.Build(w.Bodies, s.cur, s.normals, w.Gravity, w.Steps%2 == 1)
}
