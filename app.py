from companion import create_app

app = create_app()
