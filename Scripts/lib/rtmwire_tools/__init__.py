"""Python helpers shared by RTMWire's generators (Scripts/codegen), fuzz tools (FuzzTesting/Tools)
and vector scripts (Scripts/vectors): schema descriptors, varints, the codec's default limits.

Entry scripts put Scripts/lib on sys.path; nothing here is installed.
"""
