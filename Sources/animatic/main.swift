print("animatic")
