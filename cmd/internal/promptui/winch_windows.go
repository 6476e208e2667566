package promptui

// watchWidth: Windows has no SIGWINCH; readline reads the width as it draws.
func watchWidth() {}
