//go:build !windows

package promptui

import (
	"os"
	"os/signal"
	"syscall"
)

// watchWidth calls the open line's callback at each change of the
// terminal's size, under winch's lock.
func watchWidth() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGWINCH)
	go func() {
		for range ch {
			winch.Lock()
			if winch.f != nil {
				winch.f()
			}
			winch.Unlock()
		}
	}()
}
