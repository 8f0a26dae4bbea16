package main

import (
	"bufio"
	"os"
	"strconv"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact"
)

// traceHeader names the columns of `tumble sim --trace` (FORMATS.md): the step, the time in
// s, the body's index, its position (m), rotation vector (rad, axis × angle), velocity (m/s)
// and angular velocity (rad/s, world frame).
const traceHeader = "step,time,body,px,py,pz,rx,ry,rz,vx,vy,vz,wx,wy,wz\n"

// trace writes the CSV of `tumble sim --trace`, one row per body after every step.
type trace struct {
	f   *os.File
	w   *bufio.Writer
	row []byte // reused: no allocation per row
}

func createTrace(path string) (*trace, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	t := &trace{f: f, w: bufio.NewWriterSize(f, 1<<16)}
	if _, err := t.w.WriteString(traceHeader); err != nil {
		f.Close()
		return nil, err
	}
	return t, nil
}

// write appends the rows of w's current state. Numbers are written in full precision.
func (t *trace) write(w *contact.World) error {
	for i, b := range w.Bodies {
		r := strconv.AppendInt(t.row[:0], int64(w.Steps), 10)
		r = append(r, ',')
		r = strconv.AppendFloat(r, w.Time, 'g', -1, 64)
		r = append(r, ',')
		r = strconv.AppendInt(r, int64(i), 10)
		for _, v := range [4][3]float64{b.P, body.Log(b.R), b.V, b.Omega} {
			for _, x := range v {
				r = append(r, ',')
				r = strconv.AppendFloat(r, x, 'g', -1, 64)
			}
		}
		t.row = append(r, '\n')
		if _, err := t.w.Write(t.row); err != nil {
			return err
		}
	}
	return nil
}

// close flushes and closes the file, reporting the first error.
func (t *trace) close() error {
	err := t.w.Flush()
	if cerr := t.f.Close(); err == nil {
		err = cerr
	}
	return err
}
