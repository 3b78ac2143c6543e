// An empty program: the baseline every other program of the size benchmark is measured against.
