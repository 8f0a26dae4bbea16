package viewer

import (
	"fmt"
	"io"
	"math"
)

// shown is a number of the simulation's state as the screen shows it: formatted as asked
// when finite, and as a dash when not. A run that stops on a state that is not finite says
// so, in red, with the value that failed; the statistics and the inspector then show no
// NaN or Inf of their own, which a reader could take for a result.
type shown float64

// notShown stands for a value that is not finite.
const notShown = "—"

func (x shown) Format(f fmt.State, verb rune) {
	if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
		io.WriteString(f, notShown)
		return
	}
	fmt.Fprintf(f, fmt.FormatString(f, verb), float64(x))
}
