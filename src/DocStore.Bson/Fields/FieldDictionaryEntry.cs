namespace DocStore.Bson;

/// <summary>One name of a field dictionary and the id that stands for it in C-BSON documents.</summary>
/// <param name="Id">The field id, 1..65534.</param>
/// <param name="Name">The field name: non-empty, case-sensitive, valid UTF-16 without NUL.</param>
public readonly record struct FieldDictionaryEntry(ushort Id, string Name);
