package data

import "embed"

// Scenes2D holds Tumble's own FOSSSim-format 2D scenes (scenes2d/*.xml) and, beside each,
// its reference trajectory (scene.ref.bin, FOSSSim's binary format) that `tumble 2d regress`
// and the regress package's tests grade against. Refresh the references with
// `tumble 2d regress --update data/scenes2d` after an intended change, and commit them.
//
//go:embed scenes2d
var Scenes2D embed.FS
