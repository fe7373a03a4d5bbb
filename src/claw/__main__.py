from claw.cli.entry import main

main()
