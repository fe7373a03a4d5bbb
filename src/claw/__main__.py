from claw.cli.main import main

main()
