package viewer

import (
	"bytes"
	"errors"
	"fmt"
	"log"
	"os"
	"runtime"
	"strings"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// GLFW and OpenGL calls must all come from the thread that made the context: keep the main
// goroutine on the main thread from the start.
func init() { runtime.LockOSThread() }

// errNoWindow explains what to do when no window can be opened.
var errNoWindow = errors.New("tumble view needs a display (X11); run `tumble sim SCENE` to simulate headless, or start one with Xvfb")

// initGLFW initialises GLFW and says why it could not. go-gl/glfw logs a platform error
// (a display that cannot be opened: a stale DISPLAY, ssh without X forwarding, a dead Xvfb)
// instead of returning it, and its next call panics: the log is caught here, and whether
// GLFW came up is asked of it with the panic recovered.
func initGLFW() error {
	var said bytes.Buffer
	flags := log.Flags()
	log.SetOutput(&said)
	log.SetFlags(0)
	err := glfw.Init()
	log.SetOutput(os.Stderr)
	log.SetFlags(flags)
	if err != nil {
		return fmt.Errorf("initialising GLFW: %v", err)
	}
	if !glfwUp() {
		why := strings.TrimSpace(said.String())
		if why == "" {
			why = "GLFW did not initialise"
		}
		return errors.New(strings.ReplaceAll(why, "\n", "; "))
	}
	return nil
}

// glfwUp reports whether GLFW is initialised: go-gl/glfw panics on a call before it is.
func glfwUp() (up bool) {
	defer func() {
		if recover() != nil {
			up = false
		}
	}()
	glfw.GetTime()
	return true
}

// openWindow creates a width×height window with an OpenGL 4.1 core, forward-compatible
// context made current on this thread. The caller terminates GLFW.
func openWindow(width, height int, title string) (*glfw.Window, error) {
	// go-gl/glfw's Init returns nil without a display and the next call panics: check first.
	if runtime.GOOS != "darwin" && runtime.GOOS != "windows" &&
		os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return nil, fmt.Errorf("DISPLAY is not set: %w", errNoWindow)
	}
	if err := initGLFW(); err != nil {
		return nil, fmt.Errorf("%v: %w", err, errNoWindow)
	}
	glfw.WindowHint(glfw.ContextVersionMajor, 4)
	glfw.WindowHint(glfw.ContextVersionMinor, 1)
	glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
	glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
	glfw.WindowHint(glfw.Resizable, glfw.True)
	// No stencil: llvmpipe then writes depth without keeping a stencil byte beside it.
	glfw.WindowHint(glfw.StencilBits, 0)
	win, err := glfw.CreateWindow(width, height, title, nil, nil)
	if err != nil {
		glfw.Terminate()
		return nil, fmt.Errorf("opening a %d×%d OpenGL 4.1 window: %v: %w", width, height, err, errNoWindow)
	}
	win.MakeContextCurrent()
	if err := gl.Init(); err != nil {
		glfw.Terminate()
		return nil, fmt.Errorf("loading OpenGL 4.1: %w", err)
	}
	return win, nil
}
