package present

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"
)

func indentByJSON(t *testing.T, g Game, prefix string) string {
	t.Helper()
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, prefix, "  "); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func TestGameAppendIndentedIsJSONIndent(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 24))
	strs := []string{"", "Ann", "Night 1", "李小龙", "Zoë", `a "quoted" name`, `back\slash`, "<b>&amp;</b>", "tab\there",
		"line\nbreak", "\x01", "\u2028", "\xff\xfe", "café", "😀", "g04242", "standard"}
	pick := func() string { return strs[r.IntN(len(strs))] }
	list := func() []string {
		switch r.IntN(4) {
		case 0:
			return nil
		case 1:
			return []string{}
		}
		var ss []string
		for range 1 + r.IntN(5) {
			ss = append(ss, pick())
		}
		return ss
	}
	times := []time.Time{{}, time.Date(2016, 1, 1, 19, 0, 0, 0, time.UTC),
		time.Date(2026, 11, 25, 16, 12, 56, 123456789, time.FixedZone("", 3600)), time.Unix(1700000000, 5).UTC(),
		// The edges of the form written without MarshalJSON (UTC, whole
		// seconds, years 0 to 9999), and times just outside it.
		time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC),
		time.Date(2016, 2, 29, 9, 5, 7, 0, time.UTC), time.Date(2016, 2, 29, 9, 5, 7, 0, time.FixedZone("UTC", 0)),
		time.Date(2016, 2, 29, 9, 5, 7, 0, time.Local), time.Unix(1700000000, 0)}
	for i := range 2000 {
		g := Game{ID: pick(), Name: pick(), Created: times[r.IntN(len(times))], Mode: pick(), Deck: pick(), Players: list(),
			Hands: r.IntN(1000) - 10, Over: r.IntN(2) == 0, Winners: list(), Leaders: list(), Current: r.IntN(2) == 0}
		prefix := []string{"", "    "}[i%2]
		want := indentByJSON(t, g, prefix)
		if got := string(g.AppendIndented(nil, prefix)); got != want {
			t.Fatalf("game %#v:\ngot\n%s\nwant\n%s", g, got, want)
		}
	}
}

// A time json.Marshal refuses (a year past 9999, or before 0) is written
// as the error, quoted, rather than as a wrong time.
func TestGameAppendIndentedYearOutOfRange(t *testing.T) {
	for _, at := range []time.Time{time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(-1, 12, 31, 23, 59, 59, 0, time.UTC)} {
		_, err := at.MarshalJSON()
		if err == nil {
			t.Fatalf("%v: MarshalJSON took it", at)
		}
		want := `"created": ` + strconv.Quote(err.Error()) + ","
		if got := string(Game{Created: at}.AppendIndented(nil, "")); !strings.Contains(got, want) {
			t.Errorf("%v: got\n%s\nwant it to hold %s", at, got, want)
		}
	}
}
