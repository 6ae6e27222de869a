namespace DocStore.PostgreSQL.Tests.Semantics;

/// <summary>Opens a fresh, empty <see cref="Models.MemberDb"/> on one backend.</summary>
public interface IBackend
{
    Models.MemberDb Open();
}
