// Command unoscore keeps score and referees UNO played with real cards.
package main

import (
	"os"

	"github.com/unoscore/unoscore/cmd"
)

func main() { os.Exit(cmd.Execute()) }
