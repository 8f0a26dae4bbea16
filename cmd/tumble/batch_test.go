package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tumble-physics/tumble/contact/scene"
)

// recipeMark names the code block that follows it in docs/batch.md: a recipe the test runs,
// or the output that a recipe must give.
var recipeMark = regexp.MustCompile(`^<!--\s*recipe( output)?:\s*(\S+)\s*-->$`)

// batchRecipes returns docs/batch.md's marked code blocks by name: the recipes, and the
// outputs shown (under "output NAME").
func batchRecipes(t *testing.T) map[string]string {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(repoRoot, "docs", "batch.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := map[string]string{}
	name := ""
	var block []string
	fenced := false
	for _, line := range strings.Split(string(text), "\n") {
		switch m := recipeMark.FindStringSubmatch(line); {
		case m != nil:
			name = strings.TrimSpace(m[1] + " " + m[2])
		case strings.HasPrefix(line, "```") && !fenced:
			fenced, block = true, nil
		case strings.HasPrefix(line, "```"):
			fenced = false
			if name != "" {
				blocks[name] = strings.Join(block, "\n") + "\n"
			}
			name = ""
		case fenced:
			block = append(block, line)
		}
	}
	return blocks
}

// Stand-ins for the programs of other machines, which the test cannot reach: ssh runs the
// command here, in a home directory of its own for each host name under $TEST_HOSTS (so
// that GNU parallel's --basefile copies the binary there with rsync, as to another
// machine), with HOME and SHELL set as sshd sets them (GNU parallel's remote worker runs
// its command with $SHELL, which a CI runner may not have); srun runs the command as it is.
const (
	sshStandIn = `#!/bin/sh
while [ $# -gt 0 ]; do
  case $1 in
    -[bcDEeFIiJLlmOopQRSWw]) shift 2 ;;
    --) shift; break ;;
    -*) shift ;;
    *) break ;;
  esac
done
host=$1; shift
[ "$1" = -- ] && shift
mkdir -p "$TEST_HOSTS/$host" && cd "$TEST_HOSTS/$host" && HOME=$PWD SHELL=/bin/sh exec /bin/sh -c "$*"
`
	srunStandIn = "#!/bin/sh\nexec \"$@\"\n"
)

// TestBatchRecipes runs the recipes of docs/batch.md as written, with GNU parallel, jq and
// rsync (make deps installs them), from a directory that holds bin/tumble as the repository
// root does after make build: the sweep on this machine, the table gathered from it, the
// same sweep over three machines (two of them stand-ins reached through a stand-in ssh) and
// the rerun that checks one of its runs, and every task of the Slurm script (srun a
// stand-in) with its table. Each table must have one row per run with the overrides the
// recipe gave it, and be the table the page shows; the box of the slide sweep must stop
// where symplectic Euler stops it.
func TestBatchRecipes(t *testing.T) {
	var missing []string
	for _, tool := range []string{"parallel", "jq", "rsync"} {
		if _, err := exec.LookPath(tool); err != nil {
			missing = append(missing, tool)
		}
	}
	if len(missing) > 0 {
		t.Skipf("docs/batch.md's recipes need %s, not installed here (make deps installs them)", strings.Join(missing, " and "))
	}
	recipes := batchRecipes(t)
	for _, name := range []string{"sweep", "table", "output slide.tsv", "hosts", "check", "slurm", "slurm-table", "output massratio.tsv"} {
		if recipes[name] == "" {
			t.Fatalf("docs/batch.md has no code block marked %q", name)
		}
	}
	dir := t.TempDir()
	standIns := filepath.Join(dir, "stand-ins")
	bin, err := os.ReadFile(tumbleBin)
	if err != nil {
		t.Fatal(err)
	}
	for path, text := range map[string][]byte{
		filepath.Join(dir, "root", "bin", "tumble"): bin,
		filepath.Join(standIns, "ssh"):              []byte(sshStandIn),
		filepath.Join(standIns, "srun"):             []byte(srunStandIn),
	} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, text, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	root := filepath.Join(dir, "root")
	env := append(os.Environ(), "PATH="+standIns+string(os.PathListSeparator)+os.Getenv("PATH"),
		"HOME="+filepath.Join(dir, "home"), "TEST_HOSTS="+filepath.Join(dir, "hosts"))
	run := func(t *testing.T, name string, extraEnv ...string) string {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, "bash", "-e", "-o", "pipefail", "-c", recipes[name])
		cmd.Dir, cmd.Env = root, append(env, extraEnv...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("docs/batch.md's %q recipe: %v\n%s\n%s", name, err, recipes[name], out)
		}
		return string(out)
	}
	read := func(t *testing.T, file string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(root, file))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}

	var slideTable string
	t.Run("one machine", func(t *testing.T) {
		run(t, "sweep")
		run(t, "table")
		slideTable = read(t, "slide.tsv")
		checkSlideTable(t, recipes["sweep"], slideTable)
		checkShownTable(t, "slide.tsv", recipes["output slide.tsv"], slideTable)
	})
	t.Run("several machines", func(t *testing.T) {
		for _, f := range []string{"slide.jsonl", "slide.tsv"} {
			os.Remove(filepath.Join(root, f))
		}
		run(t, "hosts")
		run(t, "table")
		if got := read(t, "slide.tsv"); got != slideTable {
			t.Errorf("the sweep over three machines gave\n%s\nand on one\n%s", got, slideTable)
		}
		hosts := map[string]int{}
		rows := strings.Split(strings.TrimSpace(read(t, "slide.log")), "\n")[1:]
		for _, row := range rows {
			f := strings.Split(row, "\t")
			if len(f) < 9 || f[6] != "0" {
				t.Errorf("slide.log: a run that failed: %q", row)
				continue
			}
			hosts[f[1]]++
		}
		if len(rows) != strings.Count(slideTable, "\n")-1 || hosts["node1"] == 0 || hosts["node2"] == 0 {
			t.Errorf("slide.log: %d runs on %v; want one per row of the table, on node1 and node2 as well as here", len(rows), hosts)
		}
		if out := run(t, "check"); !strings.Contains(out, "the same") {
			t.Errorf("the check of a run on another machine said %q", out)
		}
	})
	t.Run("Slurm job array", func(t *testing.T) {
		script := recipes["slurm"]
		array := regexp.MustCompile(`(?m)^#SBATCH --array=(\d+)-(\d+)$`).FindStringSubmatch(script)
		list := regexp.MustCompile(`(?m)^masses=\(([^)]*)\)$`).FindStringSubmatch(script)
		if array == nil || list == nil {
			t.Fatalf("the Slurm script has no --array=FIRST-LAST or masses=(…) line:\n%s", script)
		}
		first, _ := strconv.Atoi(array[1])
		last, _ := strconv.Atoi(array[2])
		if err := os.MkdirAll(filepath.Join(root, "runs"), 0o755); err != nil {
			t.Fatal(err)
		}
		for task := first; task <= last; task++ {
			run(t, "slurm", fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", task))
		}
		run(t, "slurm-table")
		table := read(t, "massratio.tsv")
		var masses []string
		for _, row := range strings.Split(strings.TrimSpace(table), "\n")[1:] {
			masses = append(masses, strings.Fields(row)[0])
		}
		if want := strings.Fields(list[1]); !slices.Equal(masses, want) || len(want) != last-first+1 {
			t.Errorf("massratio.tsv has rows for masses %v; want one per task, %v", masses, want)
		}
		checkShownTable(t, "massratio.tsv", recipes["output massratio.tsv"], table)
	})
}

// checkSlideTable checks the table of the slide sweep: one row per combination of the
// recipe's two lists (friction, then time step), in order, each stopped after the
// distance of symplectic Euler, h Σₖ max(v0 − kμgh, 0), to the millimetre it is rounded to.
func checkSlideTable(t *testing.T, recipe, table string) {
	t.Helper()
	lists := regexp.MustCompile(`::: ([^:>]+)`).FindAllStringSubmatch(recipe, -1)
	if len(lists) != 2 {
		t.Fatalf("the sweep has %d lists of values, want 2 (friction, dt):\n%s", len(lists), recipe)
	}
	sc, err := scene.Builtin("slide")
	if err != nil {
		t.Fatal(err)
	}
	v0, g := sc.Bodies[0].Velocity[0], -sc.Gravity[1]
	rows := strings.Split(strings.TrimSpace(table), "\n")
	if rows[0] != "friction\tdt_s\tstop_m" {
		t.Errorf("header %q", rows[0])
	}
	rows = rows[1:]
	i := 0
	for _, mu := range strings.Fields(lists[0][1]) {
		for _, dt := range strings.Fields(lists[1][1]) {
			if i >= len(rows) {
				t.Fatalf("%d rows, want one for each of %d frictions and %d steps", len(rows), len(strings.Fields(lists[0][1])), len(strings.Fields(lists[1][1])))
			}
			f := strings.Split(rows[i], "\t")
			i++
			if len(f) != 3 || f[0] != mu || f[1] != dt {
				t.Errorf("row %q, want friction %s and dt %s", strings.Join(f, " "), mu, dt)
				continue
			}
			m, _ := strconv.ParseFloat(mu, 64)
			h, _ := strconv.ParseFloat(dt, 64)
			want := 0.0
			for k := 1.0; v0-k*m*g*h > 0; k++ {
				want += h * (v0 - k*m*g*h)
			}
			if got, _ := strconv.ParseFloat(f[2], 64); !(abs(got-want) < 6e-4) {
				t.Errorf("μ %s, dt %s: stopped after %s m, want %.4f", mu, dt, f[2], want)
			}
		}
	}
	if i != len(rows) {
		t.Errorf("%d rows, want %d", len(rows), i)
	}
}

// checkShownTable compares a table a recipe wrote with the one docs/batch.md shows, cell by
// cell (the page aligns the columns with spaces).
func checkShownTable(t *testing.T, file, shown, got string) {
	t.Helper()
	split := func(s string) [][]string {
		var rows [][]string
		for _, line := range strings.Split(strings.TrimSpace(s), "\n") {
			rows = append(rows, strings.Fields(line))
		}
		return rows
	}
	if fmt.Sprint(split(got)) != fmt.Sprint(split(shown)) {
		t.Errorf("%s is\n%s\nbut docs/batch.md shows\n%s", file, got, shown)
	}
}

func abs(x float64) float64 { return max(x, -x) }
