// A header of the High library.
