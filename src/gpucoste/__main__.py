from gpucoste.cli import main

raise SystemExit(main())
