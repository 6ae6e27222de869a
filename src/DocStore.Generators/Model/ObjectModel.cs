namespace DocStore.Generators.Model;

/// <summary>A document type (the collection type itself or a nested class, struct or record).</summary>
/// <param name="Key">A unique identifier-safe name for this type inside one collection's generated file.</param>
/// <param name="TypeName">The fully qualified type name.</param>
/// <param name="IsValueType">True for structs.</param>
/// <param name="ConstructorParameterCount">How many arguments the chosen constructor takes.</param>
/// <param name="Members">The stored members in declaration order.</param>
internal sealed record ObjectModel(
    string Key,
    string TypeName,
    bool IsValueType,
    int ConstructorParameterCount,
    EquatableArray<MemberModel> Members);
