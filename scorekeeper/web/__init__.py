"""What every request shares, whatever the feature.

What a request may carry (inputs), headers, compression, static files and the
installable shell, ETags, the phone's device cookie, repeats of a write, the
club password, base forms.
"""
