namespace DocStore.Generators.Model;

/// <summary>One stored member of a document type.</summary>
/// <param name="Name">The C# member name.</param>
/// <param name="StoredName">The field name in the per-collection field dictionary.</param>
/// <param name="Type">The member's storable shape.</param>
/// <param name="Assignment">How a read value gets into the member.</param>
/// <param name="ConstructorIndex">The constructor parameter position, or -1.</param>
/// <param name="AccessorName">For accessor assignments: the setter method or field name to bind to.</param>
/// <param name="GetterAccessible">False when the getter or field is not accessible from generated code.</param>
/// <param name="GetterAccessorName">When the getter is inaccessible: the getter method or field name.</param>
/// <param name="IsField">True for fields, false for properties.</param>
/// <param name="DeclaringTypeName">The type that declares the member (the target of accessors).</param>
/// <param name="Missing">What the member reads as when its field is missing.</param>
/// <param name="MissingValue">For a constant initializer: its value as C# text of the member's type.</param>
/// <param name="FreshInits">For a <see cref="MissingRead.Fresh"/> object: the members its object initializer sets to constants.</param>
internal sealed record MemberModel(
    string Name,
    string StoredName,
    TypeShape Type,
    MemberAssignment Assignment,
    int ConstructorIndex,
    string? AccessorName,
    bool GetterAccessible,
    string? GetterAccessorName,
    bool IsField,
    string DeclaringTypeName,
    MissingRead Missing = MissingRead.Default,
    string? MissingValue = null,
    EquatableArray<MemberInit> FreshInits = default);
