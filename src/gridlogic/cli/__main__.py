from gridlogic.cli import main

raise SystemExit(main())
